//! A search's status as it crosses to JS: a string enum, so the calls a page makes per frame
//! or per query (`step`, `runToEnd`, `status`) return an index into four strings the glue
//! made once, instead of building, copying and decoding a string each time.
// `#[wasm_bindgen]` adds an undocumented variant and function of its own to a string enum.
#![allow(missing_docs)]

use crate::search::Status;
use wasm_bindgen::prelude::*;

/// A search's status as JS sees it: the names of [`Status::name`]. A string enum crosses the
/// boundary as an index into the four strings the glue made once, so the calls a page makes
/// per frame or per query (`step`, `runToEnd`, `status`) build, copy and decode no string.
/// Its TypeScript type is `SearchStatus` of `types.d.ts`, declared there with the shapes
/// whose fields use it.
#[wasm_bindgen(skip_typescript)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchStatus {
    /// [`Status::Running`].
    Running = "running",
    /// [`Status::Found`].
    Found = "found",
    /// [`Status::NoPath`].
    NoPath = "no_path",
    /// [`Status::Partial`].
    Partial = "partial",
}

/// The status of a lane read or stepped: `None` only for a lane the planner no longer has,
/// which a live handle never meets (its lane goes when it is freed); then `no_path`, which
/// stops a page's run as the empty string this replaced did.
pub(super) fn lane_status(status: Option<Status>) -> SearchStatus {
    status.map_or(SearchStatus::NoPath, SearchStatus::from)
}

/// `"found"` and the like compare equal to the status of that name (as JS sees it).
impl PartialEq<&str> for SearchStatus {
    fn eq(&self, name: &&str) -> bool {
        self.name() == *name
    }
}

impl SearchStatus {
    /// The status's name ([`Status::name`]); empty for the glue's own invalid value.
    fn name(self) -> &'static str {
        let status = match self {
            SearchStatus::Running => Status::Running,
            SearchStatus::Found => Status::Found,
            SearchStatus::NoPath => Status::NoPath,
            SearchStatus::Partial => Status::Partial,
            _ => return "",
        };
        status.name()
    }
}

impl From<Status> for SearchStatus {
    fn from(status: Status) -> SearchStatus {
        match status {
            Status::Running => SearchStatus::Running,
            Status::Found => SearchStatus::Found,
            Status::NoPath => SearchStatus::NoPath,
            Status::Partial => SearchStatus::Partial,
        }
    }
}
