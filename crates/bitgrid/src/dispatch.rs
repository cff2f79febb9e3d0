//! The instructions the kernels run with, chosen at run time.
//!
//! A build for the default `x86-64` target may not use POPCNT, which every x86-64 processor
//! since 2008 has: without it a population count is about fifteen instructions. So the kernels
//! that count bits are compiled twice, once for the build's target and once with the features
//! of `x86-64-v2` (POPCNT, SSE3 to SSE4.2) enabled by `#[target_feature]`, and each call runs the
//! copy this processor can run, detected once per process.
//!
//! A kernel is written once, as a [`Kernel`] whose `run` is `#[inline(always)]`: [`run`] calls
//! it from one function per path, and each such function gets its own copy of the body compiled
//! with its path's instructions. Everything the body's loops call must be `#[inline(always)]`
//! too: a function that is not inlined is compiled once, for the build's target, whichever
//! path calls it.

use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

/// The instruction set the kernels run with ([`kernel_path`]).
///
/// ```
/// use floodgate_bitgrid::{KernelPath, kernel_path};
/// let path = kernel_path();
/// assert!(path.is_supported());
/// println!("bitgrid kernels: {path}"); // "popcnt" on any x86-64 processor since 2008
/// # #[cfg(target_arch = "x86_64")]
/// # if std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("sse4.2") {
/// #     assert_eq!(path, KernelPath::Popcnt);
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelPath {
    /// The instructions the build targets and nothing more: any processor that runs the
    /// program runs it. On the default `x86-64` target, a population count is a dozen shifts,
    /// masks and adds.
    Portable,
    /// x86-64 with the features of `x86-64-v2` (POPCNT, SSE3, SSSE3, SSE4.1 and SSE4.2), which
    /// every x86-64 processor since 2008/2009 has: a population count is one instruction.
    Popcnt,
}

impl KernelPath {
    /// Every path, the fastest last.
    pub const ALL: [KernelPath; 2] = [KernelPath::Portable, KernelPath::Popcnt];

    /// Whether this processor can run the path.
    pub fn is_supported(self) -> bool {
        match self {
            KernelPath::Portable => true,
            KernelPath::Popcnt => has_popcnt_path(),
        }
    }

    /// The fastest path this processor supports.
    pub fn best() -> KernelPath {
        let mut supported = KernelPath::ALL
            .into_iter()
            .filter(|path| path.is_supported());
        supported.next_back().unwrap_or(KernelPath::Portable)
    }

    /// The path's name, as [`Display`](fmt::Display) prints it: `portable` or `popcnt`.
    pub const fn name(self) -> &'static str {
        match self {
            KernelPath::Portable => "portable",
            KernelPath::Popcnt => "popcnt",
        }
    }
}

impl fmt::Display for KernelPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether this processor has the features of [`KernelPath::Popcnt`]. `is_x86_feature_detected!`
/// answers at compile time for a feature the build enables, else from CPUID, read once.
#[cfg(target_arch = "x86_64")]
fn has_popcnt_path() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("sse3")
        && std::is_x86_feature_detected!("ssse3")
        && std::is_x86_feature_detected!("sse4.1")
        && std::is_x86_feature_detected!("sse4.2")
}

/// There is no POPCNT path off x86-64: the portable path uses what the target has.
#[cfg(not(target_arch = "x86_64"))]
fn has_popcnt_path() -> bool {
    false
}

/// No path chosen yet.
const UNKNOWN: u8 = u8::MAX;

/// The chosen path, as its index in [`KernelPath::ALL`], or [`UNKNOWN`]. Invariant: it only
/// ever holds a path that [`KernelPath::is_supported`] said this processor runs, which is what
/// makes [`run`]'s calls of `#[target_feature]` functions sound.
static CHOSEN: AtomicU8 = AtomicU8::new(UNKNOWN);

/// The instruction set the kernels run with in this process: [`KernelPath::best`], detected on
/// the first call and kept. A build for a target that already has POPCNT (such as
/// `-C target-cpu=x86-64-v2` or `native`) runs the same instructions on either path.
#[inline]
pub fn kernel_path() -> KernelPath {
    match CHOSEN.load(Ordering::Relaxed) {
        UNKNOWN => choose(KernelPath::best()),
        index => KernelPath::ALL[usize::from(index)],
    }
}

/// Stores `path` as the chosen one; it must be supported.
#[cold]
fn choose(path: KernelPath) -> KernelPath {
    debug_assert!(path.is_supported());
    let index = KernelPath::ALL.iter().position(|&p| p == path);
    CHOSEN.store(index.unwrap_or(0) as u8, Ordering::Relaxed);
    path
}

/// Makes the kernels run `path` from now on, in every thread, if this processor supports it
/// (else changes nothing and returns false). For tests that check each path against a
/// reference; results are the same on every path.
#[doc(hidden)]
pub fn force_kernel_path(path: KernelPath) -> bool {
    if !path.is_supported() {
        return false;
    }
    choose(path);
    true
}

/// A kernel whose body is compiled once for each [`KernelPath`] (see the module's
/// documentation): `run` must be `#[inline(always)]`, and so must the functions its loops call.
pub(crate) trait Kernel {
    /// What the kernel returns.
    type Output;

    /// The kernel's body.
    fn run(self) -> Self::Output;
}

/// Whether the build's target already has every feature of the POPCNT path (as this workspace's
/// `-C target-cpu=x86-64-v2` has): then both copies of a kernel would be the same instructions,
/// and [`run`] runs the kernel where it is called, without looking at the path.
const BUILT_FOR_POPCNT: bool = cfg!(all(
    target_arch = "x86_64",
    target_feature = "popcnt",
    target_feature = "sse3",
    target_feature = "ssse3",
    target_feature = "sse4.1",
    target_feature = "sse4.2"
));

/// Runs `kernel` on the chosen path: one load of an atomic and a call (nothing at all when the
/// build targets the POPCNT path's features).
#[inline]
pub(crate) fn run<K: Kernel>(kernel: K) -> K::Output {
    if BUILT_FOR_POPCNT {
        return kernel.run();
    }
    match kernel_path() {
        #[cfg(target_arch = "x86_64")]
        KernelPath::Popcnt => {
            // SAFETY: `kernel_path` returns `Popcnt` only after `is_supported` found every
            // feature that `run_popcnt` enables on this processor (the invariant of `CHOSEN`).
            unsafe { run_popcnt(kernel) }
        }
        _ => kernel.run(),
    }
}

/// The POPCNT path's copy of a kernel: its `run`, inlined, compiled with x86-64-v2's features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2")]
fn run_popcnt<K: Kernel>(kernel: K) -> K::Output {
    kernel.run()
}
