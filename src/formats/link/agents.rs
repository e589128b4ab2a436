//! The agents of a link's tail (`agents=SX,SY,GX,GY;…`): the Agents view's agents, each its
//! start and goal cell, in order. Only the text is checked here (whole numbers, four to an
//! agent, at most [`MAX_LINK_AGENTS`]); whether they fit the map is the MAPF problem's rule,
//! checked when the page places them.

use super::full::LinkError;
use crate::text::quote::quote;

/// The most agents a link carries.
pub const MAX_LINK_AGENTS: usize = 1000;

/// One agent of a link: start x, start y, goal x, goal y.
pub type LinkAgent = [u32; 4];

/// `agents` as a tail value: `SX,SY,GX,GY` per agent, joined by `;`.
pub fn format_agents(agents: &[LinkAgent]) -> String {
    let mut out = String::new();
    for (i, a) in agents.iter().enumerate() {
        if i > 0 {
            out.push(';');
        }
        out.push_str(&format!("{},{},{},{}", a[0], a[1], a[2], a[3]));
    }
    out
}

/// The agents of an `agents=` value; refuses anything but 1 to [`MAX_LINK_AGENTS`] groups of
/// four whole numbers.
pub fn parse_agents(value: &str) -> Result<Vec<LinkAgent>, LinkError> {
    let bad = || {
        LinkError(format!(
            "agents={} in this link: write agents=SX,SY,GX,GY;… (each agent's start and goal \
             cells, 1 to {MAX_LINK_AGENTS} agents)",
            quote(value)
        ))
    };
    let mut agents = Vec::new();
    for group in value.split(';') {
        let mut a = [0u32; 4];
        let mut parts = group.split(',');
        for slot in &mut a {
            let part = parts.next().ok_or_else(bad)?;
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            *slot = part.parse().map_err(|_| bad())?;
        }
        if parts.next().is_some() || agents.len() == MAX_LINK_AGENTS {
            return Err(bad());
        }
        agents.push(a);
    }
    Ok(agents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_read_back_as_written_and_bad_ones_are_refused() {
        let agents = vec![[1, 1, 5, 1], [3, 3, 3, 0]];
        let text = format_agents(&agents);
        assert_eq!(text, "1,1,5,1;3,3,3,0");
        assert_eq!(parse_agents(&text).unwrap(), agents);
        for bad in [
            "",
            "1,2,3",
            "1,2,3,4,5",
            "1,2,3,x",
            "1,2,3,4;",
            "-1,2,3,4",
            "1,2,3,99999999999",
        ] {
            assert!(
                parse_agents(bad)
                    .unwrap_err()
                    .to_string()
                    .contains("agents="),
                "{bad}"
            );
        }
        let many = vec!["0,0,1,1"; MAX_LINK_AGENTS + 1].join(";");
        assert!(parse_agents(&many).is_err());
    }
}
