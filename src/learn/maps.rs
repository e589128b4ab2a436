//! The map of an exercise: the spec's fixed map (a share link), or a small one generated
//! from the seed by [`crate::generate`], with two markers in its largest region.

use super::found::Scene;
use super::spec::{Kind, LearnError, Spec};
use crate::formats::link::decode;
use crate::generate::{generate_shaped, largest_region, Kind as MapKind};
use crate::rng::SplitMix64;
use crate::search::Settings;

/// The largest side of a fixed map: a question is about a search a student can follow.
pub const MAX_FIXED_SIDE: u32 = 64;

/// The map, markers and settings for one attempt at `spec`.
pub(super) fn scene(spec: &Spec, rng: &mut SplitMix64) -> Result<Scene, LearnError> {
    // Which-algorithm's map carries plain A* settings, whatever the spec says: the answer
    // is the seed's, and the settings must not hint at it.
    let algorithm = match spec.kind {
        Kind::WhichAlgorithm => crate::search::Algorithm::AStar,
        _ => spec.algorithm(),
    };
    if let Some(link) = &spec.map {
        let state = decode(link)?;
        let (w, h) = (state.grid.width(), state.grid.height());
        if w > MAX_FIXED_SIDE || h > MAX_FIXED_SIDE {
            return Err(LearnError(format!(
                "an exercise's map may be at most {MAX_FIXED_SIDE}×{MAX_FIXED_SIDE} cells, not \
                 {w}×{h}: a question is about a search a student can follow"
            )));
        }
        let settings = Settings {
            algorithm,
            ..spec.settings.unwrap_or(state.settings)
        };
        settings.check_on(&state.grid)?;
        return Ok(Scene {
            grid: state.grid,
            start: state.start,
            goal: state.goal,
            settings,
        });
    }
    let settings = Settings {
        algorithm,
        ..spec.settings.unwrap_or_default()
    };
    let d = u32::from(spec.difficulty);
    // 8–10 cells a side at difficulty 1, 12–14 at 2, 16–20 at 3.
    let side = |rng: &mut SplitMix64| 4 + 4 * d + rng.below(u64::from(2 + d / 3 * 2)) as u32;
    let (width, height) = (side(rng), side(rng));
    // Terrain where the algorithm and the kind allow it (JPS and Theta* need uniform cost;
    // which-algorithm keeps JPS among its candidates), from difficulty 2.
    let uniform = algorithm.info().needs.uniform_cost
        || matches!(spec.kind, Kind::WhichAlgorithm | Kind::JumpPoints);
    let kinds: &[(MapKind, f64)] = match (d, uniform) {
        (1, _) => &[(MapKind::Random, 0.15), (MapKind::Random, 0.25)],
        (_, true) => &[
            (MapKind::Random, 0.2),
            (MapKind::Random, 0.3),
            (MapKind::Rooms, 0.0),
        ],
        (_, false) => &[
            (MapKind::Random, 0.2),
            (MapKind::Rooms, 0.0),
            (MapKind::Terrain, 0.15),
            (MapKind::Terrain, 0.25),
        ],
    };
    let (kind, density) = kinds[rng.below(kinds.len() as u64) as usize];
    let generated = generate_shaped(kind, width, height, spec.shape, rng.next_u64(), density)
        .map_err(|e| LearnError(e.to_string()))?;
    let grid = generated.grid;
    let region = largest_region(&grid);
    // Markers far enough apart to make a question: a third of the way round the map.
    let far = i64::from(width + height) / 3;
    let mut markers = (generated.start, generated.goal);
    if region.len() > 2 {
        for _ in 0..20 {
            let a = grid.coords(region[rng.below(region.len() as u64) as usize]);
            let b = grid.coords(region[rng.below(region.len() as u64) as usize]);
            let apart =
                (i64::from(a.0) - i64::from(b.0)).abs() + (i64::from(a.1) - i64::from(b.1)).abs();
            if apart >= far {
                markers = (a, b);
                break;
            }
        }
    }
    settings.check_on(&grid)?;
    Ok(Scene {
        grid,
        start: markers.0,
        goal: markers.1,
        settings,
    })
}
