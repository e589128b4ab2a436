//! Editing the node mesh that A* on a node mesh searches; an edit restarts that search. Where
//! that algorithm cannot run (a map of hexagons), every edit that would make a mesh is refused
//! with its reason ([`Settings::unavailable_on`]); clearing one is always allowed.

use super::state::{Planner, PlannerError};
use crate::search::mesh::Mesh;
use crate::search::{Algorithm, PlanError, Settings};

impl Planner {
    /// The waypoint graph for A* on a node mesh.
    pub fn mesh(&self) -> &Mesh {
        &self.scene.mesh
    }

    /// Adds a mesh node on (x, y) (or finds the one there) and returns its index.
    pub fn add_mesh_node(&mut self, x: u32, y: u32) -> Result<u32, PlannerError> {
        self.mesh_allowed()?;
        let before = self.scene.mesh.nodes().len();
        let i = self.scene.mesh.add_node(&self.scene.grid, x, y)?;
        if self.scene.mesh.nodes().len() != before {
            self.after_mesh_edit();
        }
        self.bump();
        Ok(i)
    }

    /// Joins mesh nodes `a` and `b`; refused where the segment crosses a wall or a blocked
    /// corner.
    pub fn connect_mesh_nodes(&mut self, a: u32, b: u32) -> Result<(), PlannerError> {
        self.mesh_allowed()?;
        self.scene.mesh.connect(&self.scene.grid, a, b)?;
        self.after_mesh_edit();
        self.bump();
        Ok(())
    }

    /// Removes mesh node `i` and its edges; returns whether it existed.
    pub fn remove_mesh_node(&mut self, i: u32) -> bool {
        let removed = self.scene.mesh.remove_node(i);
        if removed {
            self.after_mesh_edit();
        }
        removed
    }

    /// Replaces the mesh by the map's visibility graph ([`Mesh::generate`]); returns the
    /// number of nodes.
    pub fn generate_mesh(&mut self) -> Result<usize, PlannerError> {
        self.mesh_allowed()?;
        self.scene.mesh = Mesh::generate(&self.scene.grid)?;
        self.after_mesh_edit();
        Ok(self.scene.mesh.nodes().len())
    }

    /// Replaces the mesh (say, one restored from storage). Nodes must be on passable cells
    /// and edges in line of sight; otherwise nothing changes. An empty mesh is always
    /// accepted (clearing); any other is refused where A* on a node mesh cannot run.
    pub fn set_mesh(
        &mut self,
        nodes: &[(u32, u32)],
        edges: &[(u32, u32)],
    ) -> Result<(), PlannerError> {
        if !nodes.is_empty() {
            self.mesh_allowed()?;
        }
        let mut mesh = Mesh::new();
        for &(x, y) in nodes {
            mesh.add_node(&self.scene.grid, x, y)?;
        }
        for &(a, b) in edges {
            mesh.connect(&self.scene.grid, a, b)?;
        }
        self.scene.mesh = mesh;
        self.after_mesh_edit();
        Ok(())
    }

    /// Refuses a mesh edit where A* on a node mesh cannot run (hexagons), with the reason the
    /// algorithm menu shows. What the mesh needs is the map's (its cell shape), so no lane's
    /// other settings enter into it.
    fn mesh_allowed(&self) -> Result<(), PlannerError> {
        let mesh = Settings {
            algorithm: Algorithm::Mesh,
            ..Settings::default()
        };
        match mesh.unavailable_on(&self.scene.grid) {
            Some(why) => Err(PlanError::BadSetting(why).into()),
            None => Ok(()),
        }
    }

    /// After the mesh changed: every A*-on-mesh lane starts over on it.
    fn after_mesh_edit(&mut self) {
        self.each_lane(|lane, scene| lane.after_mesh_edit(scene));
        self.bump();
    }
}
