//! The solver's memo tables: a raw [`Table`] of fixed capacity, whose cache-line buckets hold a
//! `u128` key's 96-bit fingerprint and a non-zero byte, with a filter that answers most lookups
//! of absent keys from cache; and the two typed tables the solver keeps in it: region values
//! ([`ValueTable`]) and the values a search showed a region does not have ([`ExcludedTable`]).
//! How each packs its answer into a non-zero byte is private to it (and is what a checkpoint
//! holds).

use std::io::{self, Read, Write};

use floodgate_search::prefetch;

use super::profile::Traffic;
use crate::values::Values;

/// The largest Grundy value a [`ValueTable`] holds.
pub(super) const MAX_VALUE: u8 = u8::MAX - 1;

/// Region values by canonical key.
///
/// Kept in a [`Table`] as the value plus one (the table's bytes are never 0, which marks an
/// empty place), hence [`MAX_VALUE`].
#[derive(Debug)]
pub(super) struct ValueTable(Table);

impl ValueTable {
    /// A table of at most `bytes`, with a filter of `filter_bits` bits (see [`Table`]).
    pub(super) fn with_bytes(bytes: usize, filter_bits: usize) -> Self {
        Self(Table::with_bytes(bytes, filter_bits))
    }

    /// The value stored for `key`, if any.
    #[inline]
    pub(super) fn get(&mut self, key: u128) -> Option<u8> {
        self.0.get(key).map(|stored| stored - 1)
    }

    /// Stores `value` (at most [`MAX_VALUE`]) for `key`, a region of `cells` cells.
    #[inline]
    pub(super) fn set(&mut self, key: u128, value: u8, cells: u32) {
        debug_assert!(value <= MAX_VALUE);
        self.0.set(key, value + 1, cells);
    }

    /// The table's traffic so far.
    pub(super) fn traffic(&self) -> Traffic {
        self.0.traffic
    }

    /// Starts fetching the entry of `key` (see [`Table::prefetch`]).
    #[inline]
    pub(super) fn prefetch(&self, key: u128) {
        self.0.prefetch(key);
    }

    /// The most memory the table takes, in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.0.bytes()
    }

    /// The most memory its filter takes, in bytes (part of [`ValueTable::bytes`]).
    pub(super) fn filter_bytes(&self) -> usize {
        self.0.most_filter_bits() / 8
    }

    /// Writes the table for [`ValueTable::read_from`].
    pub(super) fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        self.0.write_to(out)
    }

    /// The table [`ValueTable::write_to`] wrote, which may grow to `bytes`.
    pub(super) fn read_from(input: &mut impl Read, bytes: usize) -> io::Result<Self> {
        Table::read_from(input, bytes).map(Self)
    }
}

/// The values searches showed a region (by canonical key) does not have, as far as 0 to 6:
/// the values most regions have, and all a byte keeps.
///
/// Kept in a [`Table`] as one bit per value (bit `v` for value `v`) with the top bit set, so
/// that an entry is never 0 (an empty place).
#[derive(Debug)]
pub(super) struct ExcludedTable(Table);

impl ExcludedTable {
    /// The values an entry keeps.
    const KEPT: Values = Values::up_to(6);

    /// The bit that every entry has set.
    const PRESENT: u8 = 0x80;

    /// A table of at most `bytes`, without a filter.
    pub(super) fn with_bytes(bytes: usize) -> Self {
        Self(Table::with_bytes(bytes, 0))
    }

    /// The values `key` is known not to have (none when it has no entry).
    #[inline]
    pub(super) fn get(&mut self, key: u128) -> Values {
        self.0.get(key).map_or(Values::default(), |bits| {
            Values::low_bits(bits & !Self::PRESENT)
        })
    }

    /// Stores that `key`, a region of `cells` cells, does not have the values of `ruled_out`
    /// (the values 0 to 6 among them; nothing when there are none), in place of what was
    /// stored for it.
    #[inline]
    pub(super) fn set(&mut self, key: u128, ruled_out: Values, cells: u32) {
        let bits = ruled_out.and(Self::KEPT).low_byte();
        if bits != 0 {
            self.0.set(key, Self::PRESENT | bits, cells);
        }
    }

    /// The table's traffic so far.
    pub(super) fn traffic(&self) -> Traffic {
        self.0.traffic
    }

    /// Starts fetching the entry of `key` (see [`Table::prefetch`]).
    #[inline]
    pub(super) fn prefetch(&self, key: u128) {
        self.0.prefetch(key);
    }

    /// The most memory the table takes, in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.0.bytes()
    }

    /// Writes the table for [`ExcludedTable::read_from`].
    pub(super) fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        self.0.write_to(out)
    }

    /// The table [`ExcludedTable::write_to`] wrote, which may grow to `bytes`.
    pub(super) fn read_from(input: &mut impl Read, bytes: usize) -> io::Result<Self> {
        Table::read_from(input, bytes).map(Self)
    }
}

/// A memo table of fixed capacity: `2^k` buckets of one cache line, each holding five entries
/// of 12 bytes. A key is hashed to 128 bits by a bijection (see [`hashes`]): the low `k` bits
/// of the first hash choose the bucket, and the entry keeps the rest of the first hash and
/// the top 32 bits of the second, with the value in the low byte. Two keys match only if they
/// agree on those 96 bits: a false match has a chance of about `2^-(96 - k)` per lookup. A new
/// entry takes an empty place in its bucket or replaces the entries in turn (entries never go
/// stale, so losing one only costs recomputation). Value 0 marks an empty place.
#[derive(Debug)]
struct Table {
    buckets: Vec<Bucket>,
    /// The most buckets the table may grow to.
    most: usize,
    /// Entries stored.
    stored: usize,
    /// One bit per hash of a key, set when the key is stored: a clear bit says the key is
    /// absent without reading its bucket. Small enough to stay in cache, where most buckets
    /// are not, so the many lookups of keys never stored cost little. Its bit is picked by the
    /// part of the second hash an entry keeps, so that it can be built again from the entries
    /// when the table outgrows it ([`FILTER_BITS_PER_BUCKET`]).
    filter: Vec<u64>,
    /// What its lookups found and its stores replaced (not kept by a checkpoint).
    traffic: Traffic,
}

/// The filter bits a bucket is given once a table outgrows its first filter (a filter of a
/// fixed size fills up on the large boards and then answers nothing): about one bit in eight
/// set at the load a table grows at.
const FILTER_BITS_PER_BUCKET: usize = 32;

/// The largest filter: 32 MiB.
const MOST_FILTER_BITS: usize = 1 << 28;

/// Places in a bucket.
const PLACES: usize = 5;

/// One cache line of entries.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket {
    /// Each entry's first hash, its low byte replaced by the value (0: an empty place).
    first: [u64; PLACES],
    /// The top 32 bits of each entry's second hash.
    second: [u32; PLACES],
    /// The place the next replacement takes (the low [`PLACE_BITS`]), and above it the size
    /// class of each place's region ([`Traffic::class`], [`CLASS_BITS`] a place), for
    /// counting what a replacement evicts.
    next: u32,
}

/// The bits of [`Bucket::next`] that name the next place to replace.
const PLACE_BITS: u32 = 3;

/// The bits of [`Bucket::next`] that keep the size class of a place's region.
const CLASS_BITS: u32 = 5;

impl Bucket {
    /// The place the next replacement takes.
    #[inline]
    fn next_place(&self) -> usize {
        (self.next & ((1 << PLACE_BITS) - 1)) as usize
    }

    /// The size class of the region of `place` (0 for one read from a checkpoint).
    #[inline]
    fn class(&self, place: usize) -> u32 {
        self.next >> (PLACE_BITS + CLASS_BITS * place as u32) & ((1 << CLASS_BITS) - 1)
    }

    /// Keeps `class` as the size class of the region of `place`.
    #[inline]
    fn set_class(&mut self, place: usize, class: u32) {
        let shift = PLACE_BITS + CLASS_BITS * place as u32;
        self.next = self.next & !(((1 << CLASS_BITS) - 1) << shift) | class << shift;
    }
}

/// A key's two hashes, the low and high halves of a bijection of its 128 bits: two rounds of
/// a multiplication by an odd number (a bijection modulo 2^128, which carries every bit into
/// the bits above it) and a fold of the high half into the low one (which carries them back).
fn hashes(key: u128) -> (u64, u64) {
    const ODD: [u128; 2] = [
        0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835,
        0xBF58_476D_1CE4_E5B9_94D0_49BB_1331_11EB,
    ];
    let mut hash = key;
    for odd in ODD {
        hash = hash.wrapping_mul(odd);
        hash ^= hash >> 64;
    }
    (hash as u64, (hash >> 64) as u64)
}

/// How `bytes` of tables are shared (each table's size a power of two): the ruled-out table
/// takes the largest power of two up to two thirds of them, the value table the largest
/// power of two in what is left. The ruled-out table is the one whose evictions cost searches
/// (docs/cram.md, "Where the searches go": 5 x 9 with 64 MiB evicts 6.5 million of its 10.2
/// million stores, the value table under 1%), and a budget between two powers of two is no
/// longer a quarter unused: 12 GiB is 8 + 4 GiB, where halves were 4 + 4.
pub(super) const fn split(bytes: usize) -> (usize, usize) {
    const fn power_at_most(bytes: usize) -> usize {
        if bytes == 0 { 0 } else { 1 << bytes.ilog2() }
    }
    let excluded = power_at_most(bytes / 3 * 2);
    (power_at_most(bytes - excluded), excluded)
}

impl Table {
    /// The buckets a table starts with (256 KiB): small problems keep their table in cache.
    /// Its bucket index covers the first hash's low byte, which an entry does not keep.
    const FIRST_BUCKETS: usize = 1 << 12;

    /// A table of at most `bytes` (rounded down to a power of two), with a filter of
    /// `filter_bits` bits (a power of two; 0 for none). It starts small and doubles as it fills,
    /// up to that size.
    fn with_bytes(bytes: usize, filter_bits: usize) -> Self {
        let most = 1 << (bytes / size_of::<Bucket>()).max(1).ilog2();
        Self {
            buckets: Self::reserved(most, most.min(Self::FIRST_BUCKETS)),
            most,
            stored: 0,
            filter: Self::clear_filter(filter_bits / 64),
            traffic: Traffic::default(),
        }
    }

    /// `buckets` empty buckets in room for `most`: the room is reserved once (the system maps
    /// its pages only as the table grows into them), so that growing never copies the table
    /// and the process never holds more than the table's size.
    fn reserved(most: usize, buckets: usize) -> Vec<Bucket> {
        let mut reserved = Vec::with_capacity(most);
        advise_huge_pages(&reserved);
        reserved.resize(buckets, Bucket::default());
        reserved
    }

    /// A filter of `words` clear words (its pages mapped as they are first written).
    fn clear_filter(words: usize) -> Vec<u64> {
        let filter = vec![0; words];
        advise_huge_pages(&filter);
        filter
    }

    /// The most memory the table takes, in bytes.
    fn bytes(&self) -> usize {
        self.most * size_of::<Bucket>() + self.most_filter_bits() / 8
    }

    /// The bits the filter grows to (none for a table without one).
    fn most_filter_bits(&self) -> usize {
        if self.filter.is_empty() {
            return 0;
        }
        let grown = (FILTER_BITS_PER_BUCKET * self.most).min(MOST_FILTER_BITS);
        grown.max(self.filter.len() * 64)
    }

    /// Doubles the buckets in place: the entries of bucket `i` whose first hash has the bit of
    /// the old bucket count set (an entry keeps every bit of it above the low byte) move to
    /// bucket `i + n`, the others stay. A new bucket takes entries from one old bucket only, so
    /// none is lost.
    fn grow(&mut self) {
        let n = self.buckets.len();
        debug_assert!(n > 0xFF, "the bit that picks the half is kept");
        self.buckets.resize(2 * n, Bucket::default());
        let (old, new) = self.buckets.split_at_mut(n);
        for (bucket, image) in old.iter_mut().zip(new) {
            let mut moved = 0;
            for place in 0..PLACES {
                if bucket.first[place] as u8 != 0 && bucket.first[place] as usize & n != 0 {
                    image.first[moved] = bucket.first[place];
                    image.second[moved] = bucket.second[place];
                    image.set_class(moved, bucket.class(place));
                    bucket.first[place] = 0;
                    moved += 1;
                }
            }
        }
        let bits = (FILTER_BITS_PER_BUCKET * 2 * n).min(MOST_FILTER_BITS);
        if !self.filter.is_empty() && self.filter.len() * 64 < bits {
            self.filter = Self::clear_filter(bits / 64);
            for bucket in &self.buckets {
                for place in 0..PLACES {
                    if bucket.first[place] as u8 != 0 {
                        let (word, mask) = self.filter_bit(bucket.second[place]);
                        self.filter[word] |= mask;
                    }
                }
            }
        }
    }

    /// The filter bit (its word and mask) of the part of a key's second hash an entry keeps.
    fn filter_bit(&self, kept: u32) -> (usize, u64) {
        let bit = kept as usize & (self.filter.len() * 64 - 1);
        (bit / 64, 1 << (bit % 64))
    }

    /// The byte stored for `key`, if it is in the table (or, about once in `2^(96 - k)`
    /// lookups, a byte stored for another key that agrees on the 96 bits kept).
    /// Counted in its traffic.
    fn get(&mut self, key: u128) -> Option<u8> {
        let (first, second) = hashes(key);
        let kept = (second >> 32) as u32;
        if !self.filter.is_empty() {
            let (word, mask) = self.filter_bit(kept);
            if self.filter[word] & mask == 0 {
                self.traffic.filtered += 1;
                return None;
            }
        }
        let bucket = &self.buckets[first as usize & (self.buckets.len() - 1)];
        let found = (0..PLACES)
            .find(|&place| {
                bucket.first[place] & !0xFF == first & !0xFF
                    && bucket.second[place] == kept
                    && bucket.first[place] as u8 != 0
            })
            .map(|place| bucket.first[place] as u8);
        if found.is_some() {
            self.traffic.hits += 1;
        } else {
            self.traffic.misses += 1;
        }
        found
    }

    /// Starts fetching what [`Table::get`] of `key` reads (its filter word and its bucket) into
    /// the cache, without waiting for it: lookups of keys known some time before they are
    /// made wait on memory together rather than one after another.
    fn prefetch(&self, key: u128) {
        let (first, second) = hashes(key);
        if !self.filter.is_empty() {
            let (word, _) = self.filter_bit((second >> 32) as u32);
            prefetch(&self.filter[word]);
        }
        prefetch(&self.buckets[first as usize & (self.buckets.len() - 1)]);
    }

    /// Stores `value` (not 0: that marks an empty place) for `key`, a region of `cells` cells
    /// (kept for counting evictions only), over its earlier value if it has one; the table
    /// grows first if it is due to.
    fn set(&mut self, key: u128, value: u8, cells: u32) {
        debug_assert_ne!(value, 0, "0 marks an empty place");
        let (first, second) = hashes(key);
        let kept = (second >> 32) as u32;
        // Grow when one of each bucket's places is taken on average (a small table stays in
        // cache, and few entries are lost from full buckets at that load).
        if self.stored >= self.buckets.len() && self.buckets.len() < self.most {
            self.grow();
        }
        if !self.filter.is_empty() {
            let (word, mask) = self.filter_bit(kept);
            self.filter[word] |= mask;
        }
        self.place(first, kept, value, Traffic::class(cells));
    }

    /// Stores an entry of the size class `class` in its bucket: an empty place, its own, or
    /// the places in turn.
    fn place(&mut self, first: u64, second: u32, value: u8, class: u32) {
        let index = first as usize & (self.buckets.len() - 1);
        let bucket = &mut self.buckets[index];
        let kept = first & !0xFF;
        let free_or_own = (0..PLACES).find(|&place| {
            bucket.first[place] as u8 == 0
                || (bucket.first[place] & !0xFF == kept && bucket.second[place] == second)
        });
        self.traffic.stores += 1;
        let place = match free_or_own {
            Some(place) => {
                let empty = bucket.first[place] as u8 == 0;
                self.stored += usize::from(empty);
                self.traffic.restores += u64::from(!empty);
                place
            }
            None => {
                let next = bucket.next_place();
                self.traffic.evicted_by_cells[bucket.class(next) as usize] += 1;
                bucket.next = bucket.next & !((1 << PLACE_BITS) - 1) | ((next + 1) % PLACES) as u32;
                next
            }
        };
        bucket.first[place] = kept | u64::from(value);
        bucket.second[place] = second;
        bucket.set_class(place, class);
    }
}

/// Asks the system to back the room reserved for `items` with huge pages (2 MiB on x86-64)
/// where it can. A large table is read at random places, and with the usual 4 KiB pages
/// nearly every such read also misses the processor's cache of page translations and walks the
/// page tables first. Only advice: systems that do not take it lose nothing but the speed.
fn advise_huge_pages<T>(items: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        use std::ffi::{c_int, c_void};
        unsafe extern "C" {
            fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
        }
        const MADV_HUGEPAGE: c_int = 14;
        const PAGE: usize = 4096;
        let start = items.as_ptr() as usize;
        let end = start + items.capacity() * size_of::<T>();
        let first_page = start.next_multiple_of(PAGE);
        if end >= first_page + (2 << 20) {
            let len = (end - first_page) / PAGE * PAGE;
            // SAFETY: the pages advised lie within the vector's own allocation, and
            // MADV_HUGEPAGE changes only how the system backs them, never their contents.
            unsafe { madvise(first_page as *mut c_void, len, MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = items;
}

/// Buckets written or read at a time by a checkpoint (4 MiB).
const CHUNK_BUCKETS: usize = 1 << 16;

impl Bucket {
    /// The bucket as 64 little-endian bytes: the five first hashes, the five second ones and
    /// the next place.
    fn to_bytes(self) -> [u8; 64] {
        let mut bytes = [0; 64];
        for place in 0..PLACES {
            bytes[8 * place..8 * place + 8].copy_from_slice(&self.first[place].to_le_bytes());
            bytes[40 + 4 * place..44 + 4 * place]
                .copy_from_slice(&self.second[place].to_le_bytes());
        }
        // The next place only: the size classes are for counting, and a checkpoint stays as
        // it was (readable by solvers that keep none).
        let next = self.next_place() as u32;
        bytes[60..].copy_from_slice(&next.to_le_bytes());
        bytes
    }

    /// The bucket [`Bucket::to_bytes`] wrote.
    fn from_bytes(bytes: &[u8]) -> Self {
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let half = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        Self {
            first: std::array::from_fn(|place| word(8 * place)),
            second: std::array::from_fn(|place| half(40 + 4 * place)),
            next: half(60),
        }
    }
}

/// Reads a little-endian `u64`.
pub(super) fn read_u64(input: &mut impl Read) -> io::Result<u64> {
    let mut bytes = [0; 8];
    input.read_exact(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_string())
}

impl Table {
    /// Writes the table (its buckets, filter and count; not its largest size) for
    /// [`Table::read_from`].
    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        for count in [self.buckets.len(), self.filter.len(), self.stored] {
            out.write_all(&(count as u64).to_le_bytes())?;
        }
        let mut bytes = Vec::with_capacity(64 * CHUNK_BUCKETS);
        for chunk in self.buckets.chunks(CHUNK_BUCKETS) {
            bytes.clear();
            bytes.extend(chunk.iter().flat_map(|bucket| bucket.to_bytes()));
            out.write_all(&bytes)?;
        }
        bytes.clear();
        bytes.extend(self.filter.iter().flat_map(|word| word.to_le_bytes()));
        out.write_all(&bytes)
    }

    /// A table [`Table::write_to`] wrote, which may grow to `bytes` (or stays as large as it
    /// was written, if that is larger).
    fn read_from(input: &mut impl Read, bytes: usize) -> io::Result<Self> {
        let buckets = read_u64(input)? as usize;
        let filter_words = read_u64(input)? as usize;
        let stored = read_u64(input)? as usize;
        if !buckets.is_power_of_two()
            || !(filter_words == 0 || filter_words.is_power_of_two())
            || buckets > 1 << 40
            || filter_words > 1 << 30
        {
            return Err(invalid("a table of a size no solver writes"));
        }
        let mut table = Self::with_bytes(bytes, 0);
        table.most = table.most.max(buckets);
        table.stored = stored;
        table.buckets = Self::reserved(table.most, 0);
        let mut chunk = vec![0; 64 * CHUNK_BUCKETS];
        while table.buckets.len() < buckets {
            let count = (buckets - table.buckets.len()).min(CHUNK_BUCKETS);
            input.read_exact(&mut chunk[..64 * count])?;
            table
                .buckets
                .extend(chunk[..64 * count].chunks_exact(64).map(Bucket::from_bytes));
        }
        table.filter = Self::clear_filter(filter_words);
        for word in &mut table.filter {
            *word = read_u64(input)?;
        }
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::super::profile::EVICTED_CLASSES;
    use super::*;

    #[test]
    fn tables_share_the_bytes_the_ruled_out_table_first() {
        const MIB: usize = 1 << 20;
        // A power of two: halves, as before.
        assert_eq!(split(64 * MIB), (32 * MIB, 32 * MIB));
        assert_eq!(split(1024 * MIB), (512 * MIB, 512 * MIB));
        // Between two powers of two the ruled-out table takes the larger share.
        assert_eq!(split(12288 * MIB), (4096 * MIB, 8192 * MIB));
        assert_eq!(split(96 * MIB), (32 * MIB, 64 * MIB));
        assert_eq!(split(48 * MIB), (16 * MIB, 32 * MIB));
        assert_eq!(split(0), (0, 0));
        for bytes in (0..5000).map(|k| k * 7919) {
            let (values, excluded) = split(bytes);
            assert!(values + excluded <= bytes, "{bytes}");
            assert!(values <= excluded || excluded == 0, "{bytes}");
        }
    }

    /// Distinct keys spread over the whole of `u128`.
    fn key(i: u128) -> u128 {
        i.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835) ^ i << 64
    }

    /// A table of one bucket: every key collides with every other.
    fn one_bucket(filter_bits: usize) -> Table {
        let table = Table::with_bytes(size_of::<Bucket>(), filter_bits);
        assert_eq!((table.buckets.len(), table.most), (1, 1));
        table
    }

    /// A table written and read back answers every lookup as before, and keeps growing to
    /// the size the reader allows.
    #[test]
    fn a_table_read_back_is_the_table_written() {
        for filter_bits in [0, 1 << 10] {
            let mut table = Table::with_bytes(1 << 20, filter_bits);
            for i in 0..20_000 {
                table.set(key(i), (i % 200) as u8 + 1, 20);
            }
            let mut bytes = Vec::new();
            table.write_to(&mut bytes).unwrap();
            let mut read = Table::read_from(&mut bytes.as_slice(), 1 << 22).unwrap();
            assert_eq!(read.buckets.len(), table.buckets.len());
            assert_eq!(read.stored, table.stored);
            assert!((0..40_000).all(|i| read.get(key(i)) == table.get(key(i))));
            // The filter grows with the buckets, to 32 bits each.
            let filter_bytes = if filter_bits == 0 { 0 } else { (32 << 16) / 8 };
            assert_eq!(read.bytes(), (1 << 22) + filter_bytes);
            read.set(key(50_000), 3, 20);
            assert_eq!(read.get(key(50_000)), Some(3));
            assert!(Table::read_from(&mut &bytes[..bytes.len() - 1], 1 << 22).is_err());
            let mut odd = bytes.clone();
            odd[0] = 3;
            assert!(Table::read_from(&mut odd.as_slice(), 1 << 22).is_err());
        }
    }

    #[test]
    fn a_bucket_is_a_cache_line() {
        assert_eq!(size_of::<Bucket>(), 64);
        assert_eq!(align_of::<Bucket>(), 64);
    }

    #[test]
    fn the_size_is_a_power_of_two_of_buckets_and_the_filter() {
        let table = Table::with_bytes((1 << 20) + 100, 1 << 16);
        // 16,384 buckets of 64 bytes, and a filter that grows to 32 bits a bucket.
        assert_eq!(table.bytes(), (1 << 20) + 32 * (1 << 14) / 8);
        assert_eq!(
            table.filter.len() * 64,
            1 << 16,
            "the filter starts as asked"
        );
        assert_eq!(table.buckets.len(), Table::FIRST_BUCKETS, "it starts small");
        assert_eq!(Table::with_bytes(0, 0).bytes(), size_of::<Bucket>());
    }

    /// A stored byte is found again, a new one for the same key takes its place, and keys
    /// never stored are absent, with or without the filter.
    #[test]
    fn a_stored_value_is_found_and_can_be_replaced() {
        for filter_bits in [0, 1 << 10] {
            let mut table = Table::with_bytes(1 << 16, filter_bits);
            assert_eq!(table.get(key(1)), None);
            table.set(key(1), 7, 20);
            table.set(key(2), 0xFF, 20);
            assert_eq!(
                (table.get(key(1)), table.get(key(2))),
                (Some(7), Some(0xFF))
            );
            table.set(key(1), 9, 20);
            assert_eq!(table.get(key(1)), Some(9));
            assert_eq!(table.stored, 2, "the key kept its place");
            assert!((3..10_000).all(|i| table.get(key(i)).is_none()));
        }
    }

    /// Keys of one bucket take its empty places; once it is full, each new key replaces the
    /// places in turn (the oldest first, while no key is stored again) and the others survive,
    /// and storing a key again keeps its place.
    #[test]
    fn a_full_bucket_replaces_its_places_in_turn() {
        let mut table = one_bucket(0);
        let present = |table: &mut Table| -> Vec<u128> {
            (0..20).filter(|&i| table.get(key(i)).is_some()).collect()
        };
        for i in 0..PLACES as u128 {
            table.set(key(i), i as u8 + 1, 20);
        }
        assert_eq!(present(&mut table), [0, 1, 2, 3, 4]);
        table.set(key(5), 6, 20);
        assert_eq!(present(&mut table), [1, 2, 3, 4, 5]);
        table.set(key(6), 7, 20);
        assert_eq!(present(&mut table), [2, 3, 4, 5, 6]);
        table.set(key(3), 40, 20);
        assert_eq!(
            present(&mut table),
            [2, 3, 4, 5, 6],
            "stored again in its place"
        );
        table.set(key(7), 8, 20);
        assert_eq!(present(&mut table), [3, 4, 5, 6, 7]);
        let values: Vec<Option<u8>> = (3..8).map(|i| table.get(key(i))).collect();
        assert_eq!(values, [Some(40), Some(5), Some(6), Some(7), Some(8)]);
        assert_eq!(table.stored, PLACES);
    }

    /// Lookups are counted by how they were answered, stores by what they replaced: an
    /// eviction is counted under the size the evicted entry was stored with, which survives
    /// the table's growth (and a checkpoint keeps none: such entries count under 0).
    #[test]
    fn traffic_counts_lookups_and_the_sizes_evicted() {
        let mut table = one_bucket(64);
        for i in 0..PLACES as u128 {
            table.set(key(i), 1, 13 + i as u32);
        }
        table.set(key(0), 2, 13);
        table.set(key(10), 1, 40);
        table.set(key(11), 1, 40);
        let _ = (table.get(key(10)), table.get(key(1)), table.get(key(2)));
        let traffic = table.traffic;
        assert_eq!((traffic.stores, traffic.restores), (8, 1));
        let mut evicted = [0; EVICTED_CLASSES];
        evicted[13] = 1;
        evicted[14] = 1;
        assert_eq!(traffic.evicted_by_cells, evicted, "the two oldest");
        assert_eq!(traffic.hits + traffic.misses + traffic.filtered, 3);
        assert_eq!(traffic.hits, 2, "{traffic:?}");
        // Grown, then filled until every entry of the first keys is evicted (about 40 new
        // keys a bucket).
        let mut table = Table::with_bytes(Table::FIRST_BUCKETS * 2 * 64, 0);
        let mut large = 0;
        while table.buckets.len() == Table::FIRST_BUCKETS {
            table.set(key(large), 1, 25);
            large += 1;
        }
        let mut written = Vec::new();
        table.write_to(&mut written).unwrap();
        let mut read = Table::read_from(&mut written.as_slice(), 0).unwrap();
        let (kept, before) = (read.stored as u64, table.traffic.evictions());
        for i in 1_000_000..1_000_000 + 80 * Table::FIRST_BUCKETS as u128 {
            table.set(key(i), 1, 13);
            read.set(key(i), 1, 13);
        }
        assert_eq!(table.traffic.evictions_from(20), large as u64);
        assert_eq!(
            read.traffic.evicted_by_cells[0], kept,
            "a checkpoint keeps no sizes"
        );
        assert_eq!(table.traffic.evictions(), before + read.traffic.evictions());
    }

    /// A key that shares a full bucket (and its filter bit) with stored keys is not taken for
    /// one of them: a lookup matches 96 bits of the key's hash, not the bucket alone.
    #[test]
    fn a_colliding_key_never_reads_another_keys_value() {
        for filter_bits in [0, 64] {
            let mut table = one_bucket(filter_bits);
            for i in 0..PLACES as u128 {
                table.set(key(i), 1, 20);
            }
            assert!((PLACES as u128..100_000).all(|i| table.get(key(i)).is_none()));
            // Keys that differ in one bit only.
            let mut table = one_bucket(filter_bits);
            table.set(1 << 100, 3, 20);
            assert!((0..128).all(|bit| bit == 100 || table.get(1 << bit).is_none()));
            assert_eq!(table.get(1 << 100), Some(3));
        }
    }

    /// Entries survive the table's growth (their bucket and filter bit found again from what
    /// they keep), and a full table forgets entries but never answers a wrong value.
    #[test]
    fn the_table_keeps_its_entries_as_it_grows() {
        let value = |i: u128| (i % 250 + 1) as u8;
        let mut table = Table::with_bytes(64 << 20, 1 << 16);
        for i in 0..300_000 {
            table.set(key(i), value(i), 20);
        }
        assert!(table.buckets.len() > Table::FIRST_BUCKETS, "it grew");
        assert!(
            table.filter.len() * 64 > 1 << 16,
            "its filter grew, built again"
        );
        // At most one entry a bucket on average, so a few buckets overflow and lose one.
        let kept = (0..300_000)
            .filter(|&i| table.get(key(i)).is_some())
            .count();
        assert!(kept > 299_000, "{kept} kept");
        assert!((0..300_000).all(|i| table.get(key(i)).is_none_or(|v| v == value(i))));
        assert_eq!(table.get(key(300_000)), None);
        let mut full = Table::with_bytes(64 << 10, 0);
        for i in 0..300_000 {
            full.set(key(i), value(i), 20);
        }
        let kept = (0..300_000).filter(|&i| full.get(key(i)).is_some()).count();
        assert_eq!(kept, full.buckets.len() * PLACES, "every place taken");
        assert!((0..300_000).all(|i| full.get(key(i)).is_none_or(|v| v == value(i))));
    }
}
