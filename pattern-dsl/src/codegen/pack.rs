//! Packing: every variant's point constraints as mask/value words over the footprint.

use std::collections::HashMap;

use crate::ir::Database;

/// One variant's constraints on the packed window: word 0 and the other words it touches.
pub struct PackedVariant {
    /// Mask and value of word 0.
    pub word0: (u128, u128),
    /// `(word, mask, value)` for the other words with constraints.
    pub more: Vec<(u8, u128, u128)>,
}

/// Packs every variant of `db` against `footprint` (see [`Database::footprint`]).
pub fn pack(db: &Database, footprint: &[(i32, i32)]) -> Vec<PackedVariant> {
    let slot: HashMap<(i32, i32), usize> =
        footprint.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    db.variants()
        .iter()
        .map(|v| {
            let mut words: Vec<(u128, u128)> = vec![(0, 0); footprint.len().div_ceil(64)];
            for p in &v.points {
                let (m, val) = p.cell.mask_value();
                let i = slot[&(p.dx, p.dy)];
                let w = &mut words[i / 64];
                w.0 |= (m as u128) << (2 * (i % 64));
                w.1 |= (val as u128) << (2 * (i % 64));
            }
            PackedVariant {
                word0: words[0],
                more: words
                    .iter()
                    .enumerate()
                    .skip(1)
                    .filter(|(_, w)| w.0 != 0)
                    .map(|(k, &(m, val))| (k as u8, m, val))
                    .collect(),
            }
        })
        .collect()
}
