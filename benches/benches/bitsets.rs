//! The one bitset of the engines: `bitgrid::Bits<W>` against `bitvec::array::BitArray<[u64; W]>`
//! on what the hot paths do with it. For 40 words (Flood Wars' sets of up to 2,500 groups): OR
//! a group's neighbour words into a set, set difference, count, and walk the members of a
//! sparse and of a dense set. For 4 words (Cram's sets of Grundy values 0 to 255): rule out a
//! value, the smallest member, disjointness, and the XOR of each member with a heap. Each
//! measurement runs over a batch of 64 inputs.
//!
//! Run: `cargo bench -p floodgate-benches --bench bitsets` (add `-- --quick` for a short run).

use std::hint::black_box;
use std::time::Duration;

use bitgrid::Bits;
use bitvec::array::BitArray;
use bitvec::order::Lsb0;
use criterion::{Criterion, criterion_group, criterion_main};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

const BATCH: usize = 64;

type Vec40 = BitArray<[u64; 40], Lsb0>;
type Vec4 = BitArray<[u64; 4], Lsb0>;

/// `BATCH` random sets of members below `below`, each member in with probability
/// `percent / 100`, as the words of 40- or 4-word sets.
fn random_words<const W: usize>(below: usize, percent: u64, seed: u64) -> Vec<[u64; W]> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..BATCH)
        .map(|_| {
            let mut words = [0; W];
            for member in 0..below {
                if rng.next_u64() % 100 < percent {
                    words[member / 64] |= 1 << (member % 64);
                }
            }
            words
        })
        .collect()
}

/// `BATCH` groups' neighbours as `(word, bits)`: a few words around a random one.
fn neighbour_words(seed: u64) -> Vec<Vec<(usize, u64)>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..BATCH)
        .map(|_| {
            let word = (rng.next_u64() % 38) as usize;
            (0..1 + rng.next_u64() % 3)
                .map(|k| (word + k as usize, rng.next_u64() & rng.next_u64()))
                .collect()
        })
        .collect()
}

fn forty_words(c: &mut Criterion) {
    let mut group = c.benchmark_group("bits40");
    let (a, b) = (
        random_words::<40>(2500, 50, 1),
        random_words::<40>(2500, 30, 2),
    );
    let (bits_a, bits_b): (Vec<Bits<40>>, Vec<Bits<40>>) = (
        a.iter().map(|&w| Bits::from_words(w)).collect(),
        b.iter().map(|&w| Bits::from_words(w)).collect(),
    );
    let (vec_a, vec_b): (Vec<Vec40>, Vec<Vec40>) = (
        a.iter().map(|&w| Vec40::new(w)).collect(),
        b.iter().map(|&w| Vec40::new(w)).collect(),
    );
    let neighbours = neighbour_words(3);
    group.bench_function("or-words/bitgrid", |bench| {
        bench.iter(|| {
            let mut set = Bits::<40>::EMPTY;
            for (at, bits) in black_box(&neighbours).iter().flatten() {
                set.words_mut()[*at] |= bits;
            }
            set
        })
    });
    group.bench_function("or-words/bitvec", |bench| {
        bench.iter(|| {
            let mut set = Vec40::ZERO;
            for (at, bits) in black_box(&neighbours).iter().flatten() {
                set.as_raw_mut_slice()[*at] |= bits;
            }
            set
        })
    });
    group.bench_function("minus/bitgrid", |bench| {
        bench.iter(|| {
            let (a, b) = black_box((&bits_a, &bits_b));
            a.iter()
                .zip(b)
                .fold(Bits::<40>::EMPTY, |acc, (x, y)| acc.xor(&x.minus(y)))
        })
    });
    group.bench_function("minus/bitvec", |bench| {
        bench.iter(|| {
            let (a, b) = black_box((&vec_a, &vec_b));
            a.iter()
                .zip(b)
                .fold(Vec40::ZERO, |acc, (x, y)| acc ^ (*x & !*y))
        })
    });
    group.bench_function("count/bitgrid", |bench| {
        bench.iter(|| black_box(&bits_a).iter().map(|x| x.len()).sum::<usize>())
    });
    group.bench_function("count/bitvec", |bench| {
        bench.iter(|| {
            black_box(&vec_a)
                .iter()
                .map(|x| x.count_ones())
                .sum::<usize>()
        })
    });
    let sparse = random_words::<40>(128, 15, 4);
    let bits_sparse: Vec<Bits<40>> = sparse.iter().map(|&w| Bits::from_words(w)).collect();
    let vec_sparse: Vec<Vec40> = sparse.iter().map(|&w| Vec40::new(w)).collect();
    for (name, bits, vec) in [
        ("sparse", &bits_sparse, &vec_sparse),
        ("dense", &bits_a, &vec_a),
    ] {
        group.bench_function(format!("iter-{name}/bitgrid"), |bench| {
            bench.iter(|| {
                let sets = black_box(bits);
                sets.iter().map(|x| x.iter().sum::<usize>()).sum::<usize>()
            })
        });
        group.bench_function(format!("iter-{name}/bitvec"), |bench| {
            bench.iter(|| {
                let sets = black_box(vec);
                sets.iter()
                    .map(|x| x.iter_ones().sum::<usize>())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

/// The Cram solver's sets: `BATCH` sets of values below 24, and values (below 12) to rule out.
fn four_word_inputs() -> (Vec<[u64; 4]>, Vec<u8>) {
    let sets = random_words::<4>(24, 60, 5);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
    let values = (0..BATCH).map(|_| (rng.next_u64() % 12) as u8).collect();
    (sets, values)
}

fn four_words(c: &mut Criterion) {
    let mut group = c.benchmark_group("bits4");
    let (sets, values) = four_word_inputs();
    let bits: Vec<Bits<4>> = sets.iter().map(|&w| Bits::from_words(w)).collect();
    let vec: Vec<Vec4> = sets.iter().map(|&w| Vec4::new(w)).collect();
    // As a search does: candidates up to the number of options, each option ruling out its
    // value (mostly a small one) or, when that is gone, the largest candidate.
    group.bench_function("rule-out/bitgrid", |bench| {
        bench.iter(|| {
            let mut left = 0;
            for options in black_box(&values).chunks(8) {
                let mut set = Bits::<4>::from_words([(1 << 30) - 1, 0, 0, 0]);
                for &value in options {
                    if set.contains(usize::from(value)) {
                        set.remove(usize::from(value));
                    } else if let Some(largest) = set.last() {
                        set.remove(largest);
                    }
                }
                left += set.len();
            }
            left
        })
    });
    group.bench_function("rule-out/bitvec", |bench| {
        bench.iter(|| {
            let mut left = 0;
            for options in black_box(&values).chunks(8) {
                let mut set = Vec4::new([(1 << 30) - 1, 0, 0, 0]);
                for &value in options {
                    if set[usize::from(value)] {
                        set.set(usize::from(value), false);
                    } else if let Some(largest) = set.last_one() {
                        set.set(largest, false);
                    }
                }
                left += set.count_ones();
            }
            left
        })
    });
    group.bench_function("smallest/bitgrid", |bench| {
        bench.iter(|| {
            black_box(&bits)
                .iter()
                .map(|x| x.first().unwrap_or(0))
                .sum::<usize>()
        })
    });
    group.bench_function("smallest/bitvec", |bench| {
        bench.iter(|| {
            black_box(&vec)
                .iter()
                .map(|x| x.first_one().unwrap_or(0))
                .sum::<usize>()
        })
    });
    group.bench_function("is-disjoint/bitgrid", |bench| {
        bench.iter(|| {
            let sets = black_box(&bits);
            sets.iter()
                .zip(&sets[1..])
                .filter(|(x, y)| x.is_disjoint(y))
                .count()
        })
    });
    group.bench_function("is-disjoint/bitvec", |bench| {
        bench.iter(|| {
            let sets = black_box(&vec);
            sets.iter()
                .zip(&sets[1..])
                .filter(|(x, y)| (**x & **y).not_any())
                .count()
        })
    });
    group.bench_function("xor-each/bitgrid", |bench| {
        bench.iter(|| {
            let (sets, heaps) = black_box((&bits, &values));
            sets.iter()
                .zip(heaps)
                .fold(Bits::<4>::EMPTY, |acc, (x, &heap)| {
                    acc.xor(&x.iter().map(|v| v ^ usize::from(heap)).collect())
                })
        })
    });
    group.bench_function("xor-each/bitvec", |bench| {
        bench.iter(|| {
            let (sets, heaps) = black_box((&vec, &values));
            sets.iter().zip(heaps).fold(Vec4::ZERO, |acc, (x, &heap)| {
                let mut moved = Vec4::ZERO;
                for v in x.iter_ones() {
                    moved.set(v ^ usize::from(heap), true);
                }
                acc ^ moved
            })
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = forty_words, four_words }
criterion_main!(benches);
