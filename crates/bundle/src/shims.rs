//! Std-only stand-ins for the few external items the bundled crates use.

/// `smallvec::SmallVec` as a `Vec` (the bundle trades the stack buffer for having no crates).
pub const SMALLVEC: &str = r#"
pub mod smallvec {
    pub trait Array { type Item; }
    impl<T, const N: usize> Array for [T; N] { type Item = T; }
    pub struct SmallVec<A: Array>(Vec<A::Item>);
    impl<A: Array> SmallVec<A> {
        pub fn new() -> Self { SmallVec(Vec::new()) }
        pub fn push(&mut self, item: A::Item) { self.0.push(item) }
        pub fn clear(&mut self) { self.0.clear() }
    }
    impl<A: Array> Default for SmallVec<A> { fn default() -> Self { Self::new() } }
    impl<A: Array> Clone for SmallVec<A> where A::Item: Clone { fn clone(&self) -> Self { SmallVec(self.0.clone()) } }
    impl<A: Array> std::fmt::Debug for SmallVec<A> where A::Item: std::fmt::Debug {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { self.0.fmt(f) }
    }
    impl<A: Array> std::ops::Deref for SmallVec<A> { type Target = [A::Item]; fn deref(&self) -> &[A::Item] { &self.0 } }
    impl<A: Array> std::ops::DerefMut for SmallVec<A> { fn deref_mut(&mut self) -> &mut [A::Item] { &mut self.0 } }
    impl<A: Array> Extend<A::Item> for SmallVec<A> {
        fn extend<I: IntoIterator<Item = A::Item>>(&mut self, items: I) { self.0.extend(items) }
    }
    impl<A: Array> FromIterator<A::Item> for SmallVec<A> {
        fn from_iter<I: IntoIterator<Item = A::Item>>(items: I) -> Self { SmallVec(items.into_iter().collect()) }
    }
    impl<A: Array> IntoIterator for SmallVec<A> {
        type Item = A::Item;
        type IntoIter = std::vec::IntoIter<A::Item>;
        fn into_iter(self) -> Self::IntoIter { self.0.into_iter() }
    }
    impl<'a, A: Array> IntoIterator for &'a SmallVec<A> {
        type Item = &'a A::Item;
        type IntoIter = std::slice::Iter<'a, A::Item>;
        fn into_iter(self) -> Self::IntoIter { self.0.iter() }
    }
}
"#;

/// `rand_xoshiro::Xoshiro256PlusPlus` and the two `rand_core` traits it is used through.
pub const RAND_XOSHIRO: &str = r#"
pub mod rand_xoshiro {
    pub mod rand_core {
        pub trait Rng { fn next_u64(&mut self) -> u64; }
        pub trait SeedableRng: Sized { fn seed_from_u64(seed: u64) -> Self; }
    }
    #[derive(Clone, Debug)]
    pub struct Xoshiro256PlusPlus { s: [u64; 4] }
    impl rand_core::SeedableRng for Xoshiro256PlusPlus {
        fn seed_from_u64(mut seed: u64) -> Self {
            let mut s = [0; 4];
            for word in &mut s {
                seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = seed;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                *word = z ^ (z >> 31);
            }
            Xoshiro256PlusPlus { s }
        }
    }
    impl rand_core::Rng for Xoshiro256PlusPlus {
        fn next_u64(&mut self) -> u64 {
            let s = &mut self.s;
            let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
            let t = s[1] << 17;
            s[2] ^= s[0];
            s[3] ^= s[1];
            s[1] ^= s[2];
            s[0] ^= s[3];
            s[2] ^= t;
            s[3] = s[3].rotate_left(45);
            result
        }
    }
}
"#;
