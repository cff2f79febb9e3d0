//! A 64-bit mixing function for hashes and table keys.

/// SplitMix64's step: add the golden-ratio increment, then the finaliser (Steele, Lea and
/// Flood). A cheap bijection that spreads every input bit over the output; games use it for
/// Zobrist-style keys, position hashes and table indices.
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
