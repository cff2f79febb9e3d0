//! Match statistics: Elo difference with a confidence interval, and percentiles.

/// The logistic Elo difference that a score fraction `p` (wins plus half the draws, over
/// games) implies: `-400 log10(1/p - 1)`.
pub fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The Elo difference of a list of game scores (1 win, 0.5 draw, 0 loss) and its 95%
/// confidence interval, from the normal approximation of the mean score. Unbounded ends are
/// infinite.
pub fn elo_with_interval(scores: &[f64]) -> (f64, f64, f64) {
    let n = scores.len() as f64;
    if scores.is_empty() {
        return (0.0, f64::NEG_INFINITY, f64::INFINITY);
    }
    let mean = scores.iter().sum::<f64>() / n;
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (variance / n).sqrt();
    (
        elo(mean),
        elo((mean - margin).max(0.0)),
        elo((mean + margin).min(1.0)),
    )
}

/// The `q`-quantile (0 to 1) of `values` by the nearest-rank method; 0 for no values.
pub fn percentile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_score_fractions() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), f64::INFINITY);
        let (mid, low, high) = elo_with_interval(&[1.0, 0.0, 1.0, 0.0]);
        assert!(mid.abs() < 1e-9 && low < -100.0 && high > 100.0);
        let (mid, low, high) = elo_with_interval(&[1.0; 10]);
        assert_eq!((mid, high), (f64::INFINITY, f64::INFINITY));
        assert_eq!(low, f64::INFINITY, "no variance: the interval is the point");
    }

    #[test]
    fn nearest_rank_percentiles() {
        let values: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&values, 0.5), 50.0);
        assert_eq!(percentile(&values, 0.99), 99.0);
        assert_eq!(percentile(&values, 1.0), 100.0);
        assert_eq!(percentile(&[], 0.5), 0.0);
    }
}
