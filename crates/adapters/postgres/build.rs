//! The migrations are embedded in the binary when it is compiled (`embed_migrations!`): a new or changed migration
//! must rebuild this crate even when no Rust file changed.
fn main() {
    println!("cargo:rerun-if-changed=../../../migrations");
}
