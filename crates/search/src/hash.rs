//! A 64-bit mixing function for hashes and table keys: the one every crate uses.

/// SplitMix64's increment: 2^64 divided by the golden ratio, made odd. [`mix`] adds it first,
/// so that the `n`-th output (from 0) of the SplitMix64 generator seeded with `s` is
/// `mix(s + n * GOLDEN_GAMMA)` (wrapping): a table of Zobrist keys drawn from that generator
/// is `mix` of a multiple of it.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's step: add the golden-ratio increment, then the finaliser (Steele, Lea and
/// Flood). A cheap bijection that spreads every input bit over the output; games use it for
/// Zobrist-style keys, position hashes and table indices.
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(GOLDEN_GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first outputs of SplitMix64 seeded with 0 (the reference implementation's).
    #[test]
    fn mix_of_multiples_of_the_increment_is_the_splitmix64_sequence() {
        let expected = [
            0xE220_A839_7B1D_CDAF,
            0x6E78_9E6A_A1B9_65F4,
            0x06C4_5D18_8009_454F,
        ];
        for (n, &value) in expected.iter().enumerate() {
            assert_eq!(mix((n as u64).wrapping_mul(GOLDEN_GAMMA)), value);
        }
    }
}
