//! Share links: the whole planner state (map, markers, settings) in a URL fragment, and short
//! links that name a shipped map plus markers and the settings that differ from the default.
//!
//! **Full links** (`v2.` + base64url, or `v3.` for maps of hexagons): one zlib stream holding
//! a fixed header (41 bytes: dimensions, markers, settings; v3 adds a 42nd, the cell shape)
//! and then the cells, run-length encoded; zlib's Adler-32
//! checksum covers the whole payload, so a link damaged anywhere — header included — is
//! refused. The older `v1.` links (the header in the clear, only the cells checksummed) still
//! open, with every header field range-checked and implausible values refused (`plausible`).
//! The format is described for users in `docs/formats.md`. The decoder is written for hostile
//! input: it refuses a fragment over [`MAX_LINK_CHARS`] before decoding anything, unpacks the
//! header alone first and checks it against the 4096 × 4096 limit before allocating, bounds
//! the decompressed size by what the header's map can need, checks the cell count, every cell
//! byte, every setting and both markers, and never panics.
//!
//! ```
//! use pathlab::formats::link::{decode, encode, LinkState};
//! use pathlab::{Grid, Settings, Shape};
//! let state = LinkState { grid: Grid::new(30, 20)?, start: (0, 0), goal: (29, 19),
//!                         settings: Settings::default() };
//! let fragment = encode(&state);
//! assert!(fragment.starts_with("v2."));
//! assert_eq!(decode(&fragment)?, state);
//! assert!(decode("v4.AAAA").unwrap_err().to_string().contains("newer Pathlab (v4)"));
//! // Hexagons need the shape byte of v3.
//! let hexes = LinkState { grid: Grid::with_shape(30, 20, Shape::HexRows)?, ..state };
//! let fragment = encode(&hexes);
//! assert!(fragment.starts_with("v3."));
//! assert_eq!(decode(&fragment)?.grid.shape(), Shape::HexRows);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Short links** (`map=NAME&start=X,Y&goal=X,Y&algo=…`, `short.rs`): see [`format_short`] and
//! [`parse_short`]. **Compare links** (`compare.rs`) add `&compare=astar,dijkstra:1.5` and
//! optionally `&step=K` to either kind.

mod agents;
mod compare;
mod full;
mod packed;
mod short;

pub use agents::{format_agents, parse_agents, LinkAgent, MAX_LINK_AGENTS};
pub use compare::*;
pub use full::*;
pub use packed::{pack, unpack};
pub use short::*;
