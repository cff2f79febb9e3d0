//! A chain's liberties as [`crate::Position`] keeps them, at the chain's head stone, without
//! listing them: the (stone, empty neighbour) pairs of its stones ("pseudo-liberties", a
//! liberty counted once for each stone of the chain next to it), with the sum and the sum of
//! squares of the points they name. The chain has no liberty when the count is 0, and exactly
//! one when every pair names the same point: then the sum of squares is the count times the
//! square of the mean (for any other mix of points it is larger).

/// The pseudo-liberties of a chain: their count, and the sum and the sum of squares of their
/// points (array slots).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Liberties {
    count: u32,
    sum: u32,
    sum_of_squares: u64,
}

impl Liberties {
    /// A pair more, naming the empty `point`.
    pub(crate) fn add(&mut self, point: usize) {
        self.count += 1;
        self.sum += point as u32;
        self.sum_of_squares += (point * point) as u64;
    }

    /// A pair less, naming `point` (filled by a stone).
    pub(crate) fn remove(&mut self, point: usize) {
        self.count -= 1;
        self.sum -= point as u32;
        self.sum_of_squares -= (point * point) as u64;
    }

    /// The pairs of two chains joined into one.
    pub(crate) fn merge(&mut self, other: Self) {
        self.count += other.count;
        self.sum += other.sum;
        self.sum_of_squares += other.sum_of_squares;
    }

    /// The number of pairs: 0 when the chain has no liberty.
    pub(crate) fn count(self) -> u32 {
        self.count
    }

    /// The chain's only liberty, when it has exactly one.
    pub(crate) fn single(self) -> Option<usize> {
        let (n, sum) = (u64::from(self.count), u64::from(self.sum));
        (n > 0 && sum % n == 0 && {
            let point = sum / n;
            self.sum_of_squares == n * point * point
        })
        .then(|| (self.sum / self.count) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_liberty_is_told_from_several() {
        let mut liberties = Liberties::default();
        assert_eq!((liberties.count(), liberties.single()), (0, None));
        // One liberty named by three stones.
        for _ in 0..3 {
            liberties.add(40);
        }
        assert_eq!((liberties.count(), liberties.single()), (3, Some(40)));
        // Two liberties whose mean is a point: 30 and 50 average 40, but their squares do not.
        let mut two = Liberties::default();
        two.add(30);
        two.add(50);
        assert_eq!(two.single(), None);
        liberties.merge(two);
        assert_eq!((liberties.count(), liberties.single()), (5, None));
        liberties.remove(30);
        liberties.remove(50);
        assert_eq!(liberties.single(), Some(40));
    }
}
