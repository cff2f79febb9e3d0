//! Sets of Grundy values (0 to 255), one bit each: the candidates and wanted values of the
//! solver's searches, on the engines' one bitset ([`Bits`]).

use floodgate_bitgrid::Bits;

/// A set of Grundy values, 0 to 255: four words of [`Bits`], with the solver's operations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Values(Bits<4>);

impl Values {
    /// Every value.
    pub const ALL: Self = Self(Bits::ALL);

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
        Self(Bits::from_words(words))
    }

    /// Whether `value` is in the set.
    #[inline]
    pub const fn contains(self, value: u8) -> bool {
        self.0.contains(value as usize)
    }

    /// The set of the one value `value`.
    #[inline]
    pub const fn single(value: u8) -> Self {
        Self(Bits::single(value as usize))
    }

    /// Takes `value` out of the set.
    #[inline]
    pub const fn remove(&mut self, value: u8) {
        self.0.remove(value as usize);
    }

    floodgate_bitgrid::set_operations!(or, minus, and, is_disjoint);

    /// Takes `value` out of the set if it is there, else the greatest value (an option of a
    /// region rules out its value among the candidates, or, as far as the count of candidates
    /// goes, the greatest).
    #[inline]
    pub const fn rule_out(&mut self, value: u8) {
        if self.contains(value) {
            self.remove(value);
        } else if let Some(largest) = self.largest() {
            self.remove(largest);
        }
    }

    /// The values whose bits are set in `bits` (0 to 7).
    pub const fn low_bits(bits: u8) -> Self {
        Self(Bits::from_words([bits as u64, 0, 0, 0]))
    }

    /// The values 0 to 7 of the set, one bit each.
    pub const fn low_byte(self) -> u8 {
        self.0.words()[0] as u8
    }

    /// The least value, if any.
    #[inline]
    pub const fn smallest_value(self) -> Option<u8> {
        match self.0.first() {
            Some(value) => Some(value as u8),
            None => None,
        }
    }

    /// The greatest value, if any.
    #[inline]
    pub const fn largest(self) -> Option<u8> {
        match self.0.last() {
            Some(value) => Some(value as u8),
            None => None,
        }
    }

    /// The set without its greatest value.
    #[inline]
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
        Self(
            self.0
                .iter()
                .map(|value| usize::from(value as u8 ^ heap))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Values;

    fn listed(values: Values) -> Vec<u8> {
        (0..=255).filter(|&v| values.contains(v)).collect()
    }

    fn set_of(values: &[u8]) -> Values {
        Values(values.iter().map(|&value| usize::from(value)).collect())
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
        assert_eq!(listed(set.minus(set_of(&[1, 4, 9]))), vec![0, 3, 5]);
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
