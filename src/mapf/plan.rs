//! Plans: one time-indexed path per agent, and what they cost.
//!
//! `paths[i][t]` is agent i's cell at time t, from its start at t = 0. A path ends when the
//! agent has arrived for the last time: after its last entry the agent waits on that cell
//! (its goal) forever and keeps it occupied. An agent's cost is the time of that last
//! arrival (trailing waits on the goal are free); the sum of costs (SOC) adds them up and
//! the makespan is the largest.

/// One path per agent, as cell indices by time step.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Plan {
    /// `paths[i][t]`: agent i's cell at time t.
    pub paths: Vec<Vec<u32>>,
}

/// What a plan costs.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Costs {
    /// Sum of costs: every agent's last arrival time at its goal, added up.
    pub soc: u64,
    /// Makespan: the latest of those arrivals.
    pub makespan: u32,
    /// Each agent's cost.
    pub each: Vec<u32>,
}

impl Plan {
    /// A plan from configurations: `configs[t][i]` is agent i's cell at time t. Each path is
    /// cut after its agent's last arrival (its trailing waits).
    pub fn from_configs(configs: &[Vec<u32>]) -> Plan {
        let agents = configs.first().map_or(0, Vec::len);
        let paths = (0..agents)
            .map(|i| {
                let mut path: Vec<u32> = configs.iter().map(|c| c[i]).collect();
                trim_waits(&mut path);
                path
            })
            .collect();
        Plan { paths }
    }

    /// Agent i's cell at time t (its last cell once its path has ended).
    pub fn at(&self, i: usize, t: usize) -> u32 {
        let path = &self.paths[i];
        path[t.min(path.len() - 1)]
    }

    /// The time of the last step of the longest path.
    pub fn horizon(&self) -> usize {
        self.paths
            .iter()
            .map(|p| p.len().saturating_sub(1))
            .max()
            .unwrap_or(0)
    }

    /// The plan as dense cells: agent i at time t is `cells[i * (horizon + 1) + t]`, each
    /// path held on its last cell to the horizon (`u32::MAX` for an empty path).
    pub fn dense(&self) -> Vec<u32> {
        let steps = self.horizon() + 1;
        self.paths
            .iter()
            .flat_map(|p| {
                (0..steps).map(move |t| p.get(t).or(p.last()).copied().unwrap_or(u32::MAX))
            })
            .collect()
    }

    /// The configurations at times 0 to [`Plan::horizon`]: `configs[t][i]` is agent i's cell.
    pub fn configs(&self) -> Vec<Vec<u32>> {
        (0..=self.horizon())
            .map(|t| (0..self.paths.len()).map(|i| self.at(i, t)).collect())
            .collect()
    }

    /// The costs, reading each path's last cell as its goal (the validator checks that it is).
    pub fn costs(&self) -> Costs {
        let each: Vec<u32> = self.paths.iter().map(|p| path_cost(p)).collect();
        Costs {
            soc: each.iter().map(|&c| c as u64).sum(),
            makespan: each.iter().copied().max().unwrap_or(0),
            each,
        }
    }
}

/// The cost of one path: the time after which it stays on its last cell.
pub fn path_cost(path: &[u32]) -> u32 {
    let Some(&last) = path.last() else { return 0 };
    let mut cost = path.len() - 1;
    while cost > 0 && path[cost - 1] == last {
        cost -= 1;
    }
    cost as u32
}

/// Drops the waits at the end of a path (keeping at least its first cell).
pub fn trim_waits(path: &mut Vec<u32>) {
    let cost = path_cost(path) as usize;
    path.truncate(cost + 1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_is_the_last_arrival() {
        assert_eq!(path_cost(&[1, 2, 2, 3, 3, 3]), 3);
        assert_eq!(path_cost(&[5]), 0);
        assert_eq!(path_cost(&[5, 5]), 0);
        let plan = Plan::from_configs(&[vec![0, 9], vec![1, 9], vec![1, 9]]);
        assert_eq!(plan.paths, vec![vec![0, 1], vec![9]]);
        assert_eq!(plan.costs().soc, 1);
        assert_eq!(plan.at(1, 5), 9);
    }
}
