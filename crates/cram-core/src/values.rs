//! Sets of Grundy values (0 to 255), one bit each: the candidates and wanted values of the
//! solver's searches.

/// A set of Grundy values, 0 to 255.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Values([u64; 4]);

impl Values {
    /// Every value.
    pub const ALL: Self = Self([u64::MAX; 4]);

    /// The values `0..=largest`.
    pub const fn up_to(largest: u8) -> Self {
        let mut words = [0; 4];
        let mut i = 0;
        while i < 4 {
            let low = 64 * i as u32;
            let high = low + 63;
            words[i] = if largest as u32 >= high {
                u64::MAX
            } else if (largest as u32) < low {
                0
            } else {
                (1u64 << (largest as u32 - low + 1)) - 1
            };
            i += 1;
        }
        Self(words)
    }

    /// Whether `value` is in the set.
    pub const fn contains(self, value: u8) -> bool {
        self.0[value as usize / 64] >> (value % 64) & 1 == 1
    }

    /// The set of the one value `value`.
    pub const fn single(value: u8) -> Self {
        let mut set = Self([0; 4]);
        set.insert(value);
        set
    }

    /// Puts `value` in the set.
    pub const fn insert(&mut self, value: u8) {
        self.0[value as usize / 64] |= 1 << (value % 64);
    }

    /// The values of the set that are not in `other`.
    pub const fn without(self, other: Self) -> Self {
        let mut words = self.0;
        let mut i = 0;
        while i < 4 {
            words[i] &= !other.0[i];
            i += 1;
        }
        Self(words)
    }

    /// Takes `value` out of the set if it is there, else the greatest value (an option of a
    /// region rules out its value among the candidates, or, as far as the count of candidates
    /// goes, the greatest).
    pub const fn rule_out(&mut self, value: u8) {
        if self.contains(value) {
            self.remove(value);
        } else if let Some(largest) = self.largest() {
            self.remove(largest);
        }
    }

    /// The values whose bits are set in `bits` (0 to 7).
    pub const fn low_bits(bits: u8) -> Self {
        Self([bits as u64, 0, 0, 0])
    }

    /// The values 0 to 7 of the set, one bit each.
    pub const fn low_byte(self) -> u8 {
        self.0[0] as u8
    }

    /// Takes `value` out of the set.
    pub const fn remove(&mut self, value: u8) {
        self.0[value as usize / 64] &= !(1 << (value % 64));
    }

    /// The values in both sets.
    pub const fn intersection(self, other: Self) -> Self {
        let mut words = self.0;
        let mut i = 0;
        while i < 4 {
            words[i] &= other.0[i];
            i += 1;
        }
        Self(words)
    }

    /// Whether the sets have no value in common.
    pub const fn is_disjoint(self, other: Self) -> bool {
        let both = self.intersection(other).0;
        both[0] | both[1] | both[2] | both[3] == 0
    }

    /// The least value, if any.
    pub const fn smallest_value(self) -> Option<u8> {
        let mut i = 0;
        while i < 4 {
            if self.0[i] != 0 {
                return Some((64 * i as u32 + self.0[i].trailing_zeros()) as u8);
            }
            i += 1;
        }
        None
    }

    /// The greatest value, if any.
    pub const fn largest(self) -> Option<u8> {
        let mut i = 4;
        while i > 0 {
            i -= 1;
            if self.0[i] != 0 {
                return Some((64 * i as u32 + 63 - self.0[i].leading_zeros()) as u8);
            }
        }
        None
    }

    /// The set without its greatest value.
    pub const fn without_largest(mut self) -> Self {
        if let Some(largest) = self.largest() {
            self.remove(largest);
        }
        self
    }

    /// The set of `v ^ heap` for each value `v` of the set.
    pub fn xor_each(self, heap: u8) -> Self {
        if heap == 0 {
            return self;
        }
        let mut moved = Self([0; 4]);
        for (i, &word) in self.0.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let value = (64 * i as u32 + word.trailing_zeros()) as u8 ^ heap;
                moved.0[usize::from(value / 64)] |= 1 << (value % 64);
                word &= word - 1;
            }
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::Values;

    fn listed(values: Values) -> Vec<u8> {
        (0..=255).filter(|&v| values.contains(v)).collect()
    }

    fn set_of(values: &[u8]) -> Values {
        let mut set = Values::default();
        for &value in values {
            set.insert(value);
        }
        set
    }

    #[test]
    fn set_algebra() {
        assert_eq!(listed(Values::up_to(0)), vec![0]);
        assert_eq!(listed(Values::up_to(65)), (0..=65).collect::<Vec<_>>());
        assert_eq!(Values::up_to(255), Values::ALL);
        let set = set_of(&[0, 1, 3, 4, 5]);
        assert_eq!(listed(set.without_largest()), vec![0, 1, 3, 4]);
        assert_eq!((set.smallest_value(), set.largest()), (Some(0), Some(5)));
        assert_eq!(listed(set.xor_each(1)), vec![0, 1, 2, 4, 5]);
        assert_eq!(listed(set.xor_each(200)), vec![200, 201, 203, 204, 205]);
        assert_eq!(listed(set.without(set_of(&[1, 4, 9]))), vec![0, 3, 5]);
        assert!(!set.is_disjoint(set_of(&[9, 3])));
        assert!(Values::up_to(1).is_disjoint(set_of(&[2, 130])));
        assert_eq!(set_of(&[2, 130]).largest(), Some(130));
        assert_eq!(listed(Values::low_bits(0b101)), vec![0, 2]);
        assert_eq!(set.low_byte(), 0b11_1011);
        assert_eq!(Values::default().smallest_value(), None);
        assert_eq!(Values::single(77), set_of(&[77]));
    }

    #[test]
    fn an_option_rules_out_its_value_or_the_largest() {
        let mut set = set_of(&[0, 2, 3]);
        set.rule_out(2);
        assert_eq!(listed(set), vec![0, 3]);
        set.rule_out(7);
        assert_eq!(listed(set), vec![0]);
    }
}
