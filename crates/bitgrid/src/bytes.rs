//! Planes to and from one byte a cell, row by row: the layout of an image or a mask (numpy's
//! `bool` and `uint8` arrays, OpenCV's `CV_8U` images).
//!
//! Packing reads a row 64 bytes at a time: on x86-64 sixteen bytes at a time through SSE2
//! (a compare with zero and a `movemask`), elsewhere as eight little-endian words, each turned
//! into the eight bits of its non-zero bytes by one carry trick and one multiplication (also
//! the way of a row's last bytes). Unpacking writes
//! eight bytes at a time the same way back: a multiplication copies eight bits into eight
//! bytes, a mask keeps each byte's own bit, and a carry turns it into 0 or 1.

use crate::plane::Plane;

/// The high bit of every byte.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// Seven low bits of every byte.
const LOW_BITS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
/// Moves bit `8 i` of a word (the low bit of byte `i`) to bit `56 + i`; no two bytes' bits
/// meet in the top byte, so its eight bits are the eight bytes' bits in order.
const GATHER: u64 = 0x0102_0408_1020_4080;

/// The bits of eight bytes (`bytes` as a little-endian word): bit `i` is set when byte `i`
/// is not zero.
#[inline(always)]
const fn pack8(bytes: u64) -> u64 {
    // A byte's low seven bits plus 0x7f carry into its high bit exactly when they are not all
    // zero (no carry leaves the byte); the byte's own high bit covers the rest.
    let nonzero = (((bytes & LOW_BITS) + LOW_BITS) | bytes) & HIGH_BITS;
    ((nonzero >> 7).wrapping_mul(GATHER)) >> 56
}

/// Byte `i` holds bit `i`: the mask of each byte's own bit once a byte is copied to all eight.
const OWN_BITS: u64 = 0x8040_2010_0804_0201;
/// The low bit of every byte.
const LOW_BIT: u64 = 0x0101_0101_0101_0101;

/// Eight bytes (as a little-endian word) from the low eight bits of `bits`: byte `i` is 1
/// when bit `i` is set, else 0.
#[inline(always)]
const fn unpack8(bits: u64) -> u64 {
    // The byte copied into every byte, each keeping its own bit (at most 0x80, so adding 0x7f
    // carries into the high bit exactly when it is set, and never out of the byte).
    let own = ((bits & 0xff).wrapping_mul(LOW_BIT)) & OWN_BITS;
    ((own + LOW_BITS) >> 7) & LOW_BIT
}

/// The bits of up to 64 bytes: bit `i` is set when `bytes[i]` is not zero.
#[inline(always)]
fn pack_word(bytes: &[u8]) -> u64 {
    if let Ok(full) = <&[u8; 64]>::try_from(bytes) {
        return pack64(full);
    }
    let mut word = 0;
    let mut chunks = bytes.chunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let eight = u64::from_le_bytes(chunk.try_into().expect("chunks of eight"));
        word |= pack8(eight) << (8 * i);
    }
    let done = bytes.len() - chunks.remainder().len();
    for (i, &byte) in chunks.remainder().iter().enumerate() {
        word |= u64::from(byte != 0) << (done + i);
    }
    word
}

/// The bits of 64 bytes, sixteen at a time where SSE2 is (every x86-64 processor), else
/// eight at a time.
#[inline(always)]
fn pack64(bytes: &[u8; 64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: SSE2 is part of the x86-64 architecture itself: every processor that runs
        // x86-64 code has it, so the function's one requirement holds.
        unsafe { pack64_sse2(bytes) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut word = 0;
        for (i, chunk) in bytes.chunks_exact(8).enumerate() {
            let eight = u64::from_le_bytes(chunk.try_into().expect("chunks of eight"));
            word |= pack8(eight) << (8 * i);
        }
        word
    }
}

/// The bits of 64 bytes through SSE2: sixteen bytes compared with zero at once, and their
/// sixteen results gathered by `movemask` (five times faster than eight bytes a word).
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "sse2")]
fn pack64_sse2(bytes: &[u8; 64]) -> u64 {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_movemask_epi8, _mm_set_epi64x, _mm_setzero_si128};
    let mut word = 0;
    for (i, sixteen) in bytes.chunks_exact(16).enumerate() {
        let half = |at: usize| {
            let eight: [u8; 8] = sixteen[at..at + 8].try_into().expect("eight bytes");
            i64::from_le_bytes(eight)
        };
        let zero = _mm_cmpeq_epi8(_mm_set_epi64x(half(8), half(0)), _mm_setzero_si128());
        let set = !(_mm_movemask_epi8(zero) as u32) & 0xffff;
        word |= u64::from(set) << (16 * i);
    }
    word
}

impl Plane {
    /// The plane of a `width x height` grid whose cell `(x, y)` is set where
    /// `bytes[y * width + x]` is not zero: an image or a mask stored row by row, one byte a
    /// cell. Panics if `bytes` does not hold `width * height` bytes or a side exceeds
    /// [`crate::MAX_SIDE`].
    ///
    /// ```
    /// use floodgate_bitgrid::Plane;
    /// let plane = Plane::from_bytes(3, 2, &[1, 0, 255, 0, 7, 0]);
    /// assert_eq!(plane, "X . X\n. X .".parse().unwrap());
    /// ```
    pub fn from_bytes(width: usize, height: usize, bytes: &[u8]) -> Self {
        let mut plane = Self::new(width, height);
        assert_eq!(
            bytes.len(),
            width * height,
            "a {width} x {height} grid has {} cells",
            width * height
        );
        let stride = plane.stride();
        if stride == 0 {
            return plane;
        }
        let rows = bytes.chunks_exact(width);
        for (words, row) in plane.words_mut().chunks_exact_mut(stride).zip(rows) {
            for (word, cells) in words.iter_mut().zip(row.chunks(64)) {
                *word = pack_word(cells);
            }
        }
        plane
    }

    /// Writes the plane into `bytes`, one byte a cell row by row (cell `(x, y)` at
    /// `y * width + x`): 1 for a cell in the plane, 0 for one outside; the inverse of
    /// [`Plane::from_bytes`] on bytes 0 and 1. Panics if `bytes` does not hold
    /// `width * height` bytes.
    ///
    /// ```
    /// use floodgate_bitgrid::Plane;
    /// let plane: Plane = "X . X\n. X .".parse().unwrap();
    /// let mut bytes = [9; 6];
    /// plane.write_bytes(&mut bytes);
    /// assert_eq!(bytes, [1, 0, 1, 0, 1, 0]);
    /// ```
    pub fn write_bytes(&self, bytes: &mut [u8]) {
        let (width, height) = (self.width(), self.height());
        assert_eq!(
            bytes.len(),
            width * height,
            "a {width} x {height} grid has {} cells",
            width * height
        );
        if width == 0 {
            return;
        }
        for (y, row) in bytes.chunks_exact_mut(width).enumerate() {
            for (&word, cells) in self.row(y).iter().zip(row.chunks_mut(64)) {
                let done = cells.len() / 8 * 8;
                let mut eights = cells.chunks_exact_mut(8);
                for (i, eight) in eights.by_ref().enumerate() {
                    eight.copy_from_slice(&unpack8(word >> (8 * i)).to_le_bytes());
                }
                for (bit, cell) in eights.into_remainder().iter_mut().enumerate() {
                    *cell = ((word >> (done + bit)) & 1) as u8;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_bytes_pack_to_their_nonzero_bits() {
        assert_eq!(pack8(0), 0);
        assert_eq!(pack8(u64::MAX), 0xff);
        assert_eq!(pack8(0x0100_0000_0000_0080), 0b1000_0001);
        // Every single byte value, in every position, alone and among full bytes.
        for value in 0..=255u64 {
            for i in 0..8 {
                let alone = pack8(value << (8 * i));
                assert_eq!(alone, u64::from(value != 0) << i, "{value:#x} at byte {i}");
                let among =
                    pack8((value << (8 * i)) | (!(0xff << (8 * i)) & 0x0101_0101_0101_0101));
                assert_eq!(among, (0xff & !(1 << i)) | (u64::from(value != 0) << i));
            }
        }
    }

    #[test]
    fn sixty_four_bytes_pack_as_eight_words_of_eight() {
        let mut state = 1u64;
        for _ in 0..2000 {
            let mut bytes = [0u8; 64];
            for byte in &mut bytes {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // Mostly zeros and ones, sometimes any value.
                *byte = match state >> 60 {
                    0..=6 => 0,
                    7..=13 => 1,
                    _ => (state >> 40) as u8,
                };
            }
            let by_words = bytes
                .chunks_exact(8)
                .enumerate()
                .fold(0, |word, (i, chunk)| {
                    word | pack8(u64::from_le_bytes(chunk.try_into().unwrap())) << (8 * i)
                });
            let by_bytes = (0..64).fold(0, |word, i| word | u64::from(bytes[i] != 0) << i);
            assert_eq!(by_words, by_bytes);
            assert_eq!(pack64(&bytes), by_bytes);
        }
    }

    #[test]
    fn eight_bits_unpack_to_bytes_and_pack_back() {
        for bits in 0..=255u64 {
            let bytes = unpack8(bits).to_le_bytes();
            for (i, &byte) in bytes.iter().enumerate() {
                assert_eq!(u64::from(byte), (bits >> i) & 1, "{bits:#x}, byte {i}");
            }
            assert_eq!(pack8(unpack8(bits)), bits);
            assert_eq!(
                unpack8(bits | 0xff00),
                unpack8(bits),
                "only the low eight bits count"
            );
        }
    }
}
