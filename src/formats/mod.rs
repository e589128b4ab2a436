//! Map file formats. Each parser returns `Result<_, FormatError>` naming the line or field
//! and what is wrong with it.

pub mod movingai;
