//! MAPF files: the agents of a Moving AI `.scen` file, and plans in the plain solution
//! format the LaCAM/PIBT family writes (`result.txt`).
//!
//! # Agents from `.scen`
//!
//! A MAPF instance with N agents is the first N problem lines of a Moving AI scenario file
//! (after `version 1`): each line's start and goal are one agent's (see
//! [`crate::formats::movingai::parse_scen`]; its 8-connected optimal length is not used).
//!
//! # Solutions
//!
//! ```text
//! agents=2
//! map_file=empty-16-16.map
//! solver=lacam
//! solved=1
//! soc=6
//! soc_lb=6
//! makespan=4
//! makespan_lb=4
//! comp_time=0.1
//! starts=(0,0),(2,0),
//! goals=(2,0),(0,0),
//! solution=
//! 0:(0,0),(2,0),
//! 1:(1,0),(2,1),
//! ```
//!
//! Header lines are `key=value`; readers take only the lines after `solution=`: one line per
//! time step from 0, `t:` then every agent's cell as `(x,y),` (x the column, y the row from
//! the top, from 0), agents in instance order. The last line has every agent on its goal;
//! an agent's cost is the last time it arrives there. Reading accepts spaces, a missing
//! final comma and `\r\n`; the time steps must count 0, 1, 2… and every line must name the
//! same number of agents. A file without a `solution=` line is read from its first `0:` line.
//! Reading checks only the format; [`super::validate()`] checks the plan.

use super::plan::Plan;
use super::problem::{Ends, Problem};
use crate::formats::movingai::parse_scen;
use crate::formats::FormatError;

/// The first `count` agents of a `.scen` file as (start, goal) cells; all of them when
/// `count` is `None`.
pub fn scen_agents(text: &str, count: Option<usize>) -> Result<Vec<Ends>, FormatError> {
    let problems = parse_scen(text)?;
    let n = count.unwrap_or(problems.len());
    if n > problems.len() {
        return Err(FormatError::new(format!(
            "the scenario has {} agents, fewer than the {n} asked for",
            problems.len()
        )));
    }
    Ok(problems[..n].iter().map(|p| (p.start, p.goal)).collect())
}

/// What a solution file says besides the plan.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolutionInfo {
    /// The map file's base name.
    pub map_file: String,
    /// The solver's id.
    pub solver: String,
    /// The time the solver took, in milliseconds.
    pub comp_time_ms: f64,
}

fn cells(problem: &Problem, cells: impl Iterator<Item = u32>) -> String {
    cells
        .map(|v| {
            let (x, y) = problem.coords(v);
            format!("({x},{y}),")
        })
        .collect()
}

/// `plan` for `problem` in the solution format (the plan should be valid: its costs are
/// computed as if it were).
pub fn write_solution(problem: &Problem, plan: &Plan, info: &SolutionInfo) -> String {
    let costs = plan.costs();
    let (soc_lb, makespan_lb) = problem.lower_bound();
    let agents = problem.agents();
    let mut out = format!(
        "agents={}\nmap_file={}\nsolver={}\nsolved=1\nsoc={}\nsoc_lb={soc_lb}\nmakespan={}\nmakespan_lb={makespan_lb}\ncomp_time={}\n",
        agents.len(),
        info.map_file,
        info.solver,
        costs.soc,
        costs.makespan,
        info.comp_time_ms
    );
    out += &format!(
        "starts={}\n",
        cells(problem, agents.iter().map(|a| a.start))
    );
    out += &format!("goals={}\n", cells(problem, agents.iter().map(|a| a.goal)));
    out += "solution=\n";
    for (t, config) in plan.configs().iter().enumerate() {
        out += &format!("{t}:{}\n", cells(problem, config.iter().copied()));
    }
    out
}

/// The plan in a solution file, its cells checked to lie on `problem`'s map.
pub fn parse_solution(text: &str, problem: &Problem) -> Result<Plan, FormatError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.trim()))
        .collect();
    let begin = match lines.iter().position(|(_, l)| *l == "solution=") {
        Some(k) => k + 1,
        None => lines
            .iter()
            .position(|(_, l)| l.starts_with("0:"))
            .ok_or_else(|| FormatError::new("no \"solution=\" line and no \"0:\" line"))?,
    };
    let mut configs: Vec<Vec<u32>> = Vec::new();
    for &(n, line) in &lines[begin..] {
        if line.is_empty() {
            continue;
        }
        let (t, rest) = line
            .split_once(':')
            .ok_or_else(|| FormatError::at_line(n, "expected \"t:(x,y),(x,y),…\""))?;
        if t.trim().parse::<usize>().ok() != Some(configs.len()) {
            return Err(FormatError::at_line(
                n,
                format!(
                    "expected time step {}, found \"{}\"",
                    configs.len(),
                    t.trim()
                ),
            ));
        }
        let config = parse_cells(rest, problem).map_err(|m| FormatError::at_line(n, m))?;
        if let Some(first) = configs.first() {
            if first.len() != config.len() {
                return Err(FormatError::at_line(
                    n,
                    format!(
                        "{} agents on this line, {} on the first",
                        config.len(),
                        first.len()
                    ),
                ));
            }
        }
        configs.push(config);
    }
    if configs.is_empty() {
        return Err(FormatError::new("the solution has no time steps"));
    }
    Ok(Plan::from_configs(&configs))
}

/// The cells of one line: `(x,y),(x,y),…`.
fn parse_cells(text: &str, problem: &Problem) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let body = rest
            .strip_prefix('(')
            .ok_or_else(|| format!("expected \"(\" at \"{rest}\""))?;
        let (pair, after) = body.split_once(')').ok_or("a \"(\" without its \")\"")?;
        let (x, y) = pair
            .split_once(',')
            .ok_or_else(|| format!("\"({pair})\" is not a cell (x,y)"))?;
        let bad = || format!("\"({pair})\" is not a cell (x,y)");
        let (x, y): (u32, u32) = (
            x.trim().parse().map_err(|_| bad())?,
            y.trim().parse().map_err(|_| bad())?,
        );
        let v = problem.cell(x, y).ok_or_else(|| {
            format!(
                "cell ({x},{y}) is off the {}×{} map",
                problem.width(),
                problem.height()
            )
        })?;
        out.push(v);
        rest = after.trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
    Ok(out)
}
