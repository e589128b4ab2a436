//! The `#[wasm_bindgen]` glue: the only module that knows about JavaScript.
