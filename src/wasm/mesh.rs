//! The node mesh for JS: its nodes and edges, and editing them.

use super::*;

#[wasm_bindgen]
impl Planner {
    /// The mesh nodes as a flat `[x0, y0, x1, y1, …]` array; node `i` is at `2i`.
    #[wasm_bindgen(js_name = meshNodes)]
    pub fn mesh_nodes(&self) -> Vec<u32> {
        self.planner()
            .mesh()
            .nodes()
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .collect()
    }

    /// The mesh edges as a flat `[a0, b0, a1, b1, …]` array of node indices.
    #[wasm_bindgen(js_name = meshEdges)]
    pub fn mesh_edges(&self) -> Vec<u32> {
        self.planner()
            .mesh()
            .edges()
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .collect()
    }

    /// One byte per mesh edge: 1 where the map now blocks it (a wall drawn across it), so
    /// the search skips it.
    #[wasm_bindgen(js_name = meshBlockedEdges)]
    pub fn mesh_blocked_edges(&self) -> Vec<u8> {
        let inner = self.planner();
        inner
            .mesh()
            .blocked_edges(inner.grid())
            .into_iter()
            .map(u8::from)
            .collect()
    }

    /// The index of the mesh node on (x, y), or -1.
    #[wasm_bindgen(js_name = meshNodeAt)]
    pub fn mesh_node_at(&self, x: u32, y: u32) -> i32 {
        self.planner()
            .mesh()
            .node_at(x, y)
            .map_or(-1, |i| i32::try_from(i).unwrap_or(-1))
    }

    /// Adds a mesh node on (x, y), or finds the one there; returns its index. Throws on a
    /// wall or outside the map.
    #[wasm_bindgen(js_name = addMeshNode)]
    pub fn add_mesh_node(&mut self, x: u32, y: u32) -> Result<u32, JsError> {
        match self.run(Command::AddMeshNode { x, y })? {
            Outcome::Node(i) => Ok(i),
            _ => Err(JsError::new("no mesh node was added")),
        }
    }

    /// Joins mesh nodes `a` and `b`. Throws when the segment crosses a wall or cuts a
    /// blocked corner.
    #[wasm_bindgen(js_name = connectMeshNodes)]
    pub fn connect_mesh_nodes(&mut self, a: u32, b: u32) -> Result<(), JsError> {
        self.run(Command::ConnectMeshNodes { a, b })?;
        Ok(())
    }

    /// Removes mesh node `i` and its edges (later nodes move down one index); returns
    /// whether it existed.
    #[wasm_bindgen(js_name = removeMeshNode)]
    pub fn remove_mesh_node(&mut self, i: u32) -> bool {
        matches!(
            self.run(Command::RemoveMeshNode { index: i }),
            Ok(Outcome::Applied(true))
        )
    }

    /// Replaces the mesh by the map's visibility graph (nodes at convex obstacle corners,
    /// edges in line of sight); returns the node count. Throws on maps with too many corners.
    #[wasm_bindgen(js_name = generateMesh)]
    pub fn generate_mesh(&mut self) -> Result<u32, JsError> {
        Ok(clamp_u32(self.run(Command::GenerateMesh)?.count()))
    }

    /// Replaces the mesh (say, one restored from storage) from flat `[x0, y0, …]` nodes and
    /// `[a0, b0, …]` edges. Throws, changing nothing, when a node is on a wall or outside the
    /// map, or an edge joins missing nodes or nodes out of sight.
    #[wasm_bindgen(js_name = setMesh)]
    pub fn set_mesh(&mut self, nodes: &[u32], edges: &[u32]) -> Result<(), JsError> {
        let command = crate::command::mesh_pairs(nodes, edges).map_err(|e| JsError::new(&e))?;
        self.run(command)?;
        Ok(())
    }

    /// Removes every mesh node and edge.
    #[wasm_bindgen(js_name = clearMesh)]
    pub fn clear_mesh(&mut self) -> Result<(), JsError> {
        self.run(Command::SetMesh {
            nodes: Vec::new(),
            edges: Vec::new(),
        })?;
        Ok(())
    }
}
