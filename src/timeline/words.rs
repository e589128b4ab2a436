//! The timeline's storage of event and step words: chunks that are never moved once
//! written, instead of one vector that doubles. A doubling vector copies everything it holds
//! when it grows — 32 MB at once at four million expansions of a 4096² search, 30 ms inside
//! one step of the page — where a chunk store only ever allocates the next chunk.
//!
//! Words come in batches (what a recorder gathered between two collections), and a batch
//! is never split across chunks, so an event's words (a far event's four) always lie in one
//! chunk and every chunk can be read as a slice of whole events. A large batch becomes a
//! chunk of its own without being copied (the recorder's vector is taken, and the recorder
//! given a new one of the same capacity); small ones are copied into the last chunk while it
//! has room, and into a new chunk, of up to [`CHUNK_WORDS`], when it has not.

use crate::search::record::Batch;

/// Words of the largest chunk that small batches are copied into (256 KiB).
pub(crate) const CHUNK_WORDS: usize = 1 << 16;

/// Words of the first chunk small batches are copied into (4 KiB); each next one is twice
/// the last, up to [`CHUNK_WORDS`].
const FIRST_WORDS: usize = 1 << 10;

/// Words in chunks; read by global offset, as if one vector.
#[derive(Clone, Debug, Default)]
pub(crate) struct Words {
    chunks: Vec<Vec<u32>>,
    /// The global offset of each chunk's first word.
    starts: Vec<usize>,
    len: usize,
}

impl Words {
    /// Words held.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Moves the words of `batch` to the end, leaving `batch` empty with at least the
    /// capacity it had: taken whole when it is large, else copied.
    pub(crate) fn append(&mut self, batch: &mut Vec<u32>) {
        let n = batch.len();
        if n == 0 {
            return;
        }
        let room = self
            .chunks
            .last()
            .is_some_and(|last| last.capacity() - last.len() >= n);
        if room {
            if let Some(last) = self.chunks.last_mut() {
                last.append(batch);
            }
        } else if n >= CHUNK_WORDS / 2 {
            let capacity = batch.capacity();
            let taken = std::mem::replace(batch, Vec::with_capacity(capacity));
            self.push_chunk(taken);
        } else {
            // Twice the last chunk, up to CHUNK_WORDS: a short search's timeline allocates
            // little.
            let last = self.chunks.last().map_or(0, Vec::capacity);
            let mut chunk = Vec::with_capacity((last * 2).clamp(FIRST_WORDS, CHUNK_WORDS).max(n));
            chunk.append(batch);
            self.push_chunk(chunk);
        }
        self.len += n;
    }

    /// Appends one word (a timeline's first step word).
    pub(crate) fn push(&mut self, word: u32) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < last.capacity() => last.push(word),
            _ => {
                let mut chunk = Vec::with_capacity(FIRST_WORDS);
                chunk.push(word);
                self.push_chunk(chunk);
            }
        }
        self.len += 1;
    }

    /// Moves the words of a recorder's `batch` to the end: its full chunks as they are, the
    /// open one as [`Words::append`] does.
    pub(crate) fn append_batch(&mut self, batch: &mut Batch) {
        for chunk in batch.take_filled() {
            self.append_chunk(chunk);
        }
        self.append(&mut batch.open);
    }

    /// Moves the words of `chunk` to the end: copied when the last chunk has room for
    /// them, else kept as a chunk of their own.
    pub(crate) fn append_chunk(&mut self, mut chunk: Vec<u32>) {
        let n = chunk.len();
        if n == 0 {
            return;
        }
        match self.chunks.last_mut() {
            Some(last) if last.capacity() - last.len() >= n => last.append(&mut chunk),
            _ => self.push_chunk(chunk),
        }
        self.len += n;
    }

    fn push_chunk(&mut self, chunk: Vec<u32>) {
        self.starts.push(self.len);
        self.chunks.push(chunk);
    }

    /// The chunk holding the word at `at`, and the offset of `at` in it.
    fn find(&self, at: usize) -> Option<(usize, usize)> {
        if at >= self.len {
            return None;
        }
        let i = self.starts.partition_point(|&s| s <= at).checked_sub(1)?;
        Some((i, at - self.starts[i]))
    }

    /// The word at `at`.
    pub(crate) fn get(&self, at: usize) -> Option<u32> {
        let (i, j) = self.find(at)?;
        self.chunks[i].get(j).copied()
    }

    /// The words from `from` to `to` (clamped to those held), as the slices of the chunks
    /// they lie in, in order. Both ends on batch boundaries, or event boundaries within a
    /// chunk, make every slice whole events.
    pub(crate) fn pieces(&self, from: usize, to: usize) -> impl Iterator<Item = &[u32]> {
        let to = to.min(self.len);
        let first = self.find(from).map_or(self.chunks.len(), |(i, _)| i);
        self.chunks[first..]
            .iter()
            .zip(&self.starts[first..])
            .take_while(move |&(_, &start)| start < to)
            .filter_map(move |(chunk, &start)| {
                let a = from.saturating_sub(start);
                let b = (to - start).min(chunk.len());
                chunk.get(a..b)
            })
            .filter(|piece| !piece.is_empty())
    }

    /// The words from `from` to `to`, one by one.
    pub(crate) fn iter(&self, from: usize, to: usize) -> impl Iterator<Item = u32> + '_ {
        self.pieces(from, to).flatten().copied()
    }

    /// Keeps the first `len` words.
    pub(crate) fn truncate(&mut self, len: usize) {
        if len >= self.len {
            return;
        }
        let keep = self.starts.partition_point(|&s| s < len);
        self.chunks.truncate(keep);
        self.starts.truncate(keep);
        if let (Some(last), Some(&start)) = (self.chunks.last_mut(), self.starts.last()) {
            last.truncate(len - start);
        }
        self.len = len;
    }

    /// Empties the store, keeping its first chunk's allocation: a timeline started over
    /// for every query (the page's) then copies a short search's words into the same
    /// chunk each time instead of allocating and freeing one.
    pub(crate) fn clear(&mut self) {
        self.chunks.truncate(1);
        self.starts.truncate(1);
        if let Some(first) = self.chunks.first_mut() {
            first.clear();
        }
        self.len = 0;
    }

    /// Gives back the last chunk's growth slack (the others have none worth a copy).
    pub(crate) fn shrink_to_fit(&mut self) {
        if let Some(last) = self.chunks.last_mut() {
            last.shrink_to_fit();
        }
        self.chunks.shrink_to_fit();
        self.starts.shrink_to_fit();
    }

    /// [`Words::shrink_to_fit`] when the last chunk's slack is more than a first chunk's
    /// worth: a smaller slack is not worth a copy, and is kept for the next search a
    /// cleared store holds ([`Words::clear`]).
    pub(crate) fn trim(&mut self) {
        if self
            .chunks
            .last()
            .is_some_and(|last| last.capacity() - last.len() > FIRST_WORDS)
        {
            self.shrink_to_fit();
        }
    }

    /// Words allocated, growth slack included.
    pub(crate) fn capacity(&self) -> usize {
        self.chunks.iter().map(Vec::capacity).sum()
    }

    /// Chunks held.
    #[cfg(test)]
    pub(crate) fn chunk_count(&self) -> usize {
        self.chunks.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Appends batches of the given sizes, numbering the words 0, 1, 2, …
    fn filled(sizes: &[usize]) -> Words {
        let mut w = Words::default();
        let mut next = 0u32;
        for &n in sizes {
            let mut batch: Vec<u32> = (next..next + n as u32).collect();
            next += n as u32;
            w.append(&mut batch);
            assert!(batch.is_empty());
        }
        w
    }

    #[test]
    fn words_read_back_in_order_across_chunks() {
        let big = CHUNK_WORDS / 2 + 3;
        let sizes = [5, CHUNK_WORDS - 7, 9, big, 1, 0, big * 2, 4];
        let w = filled(&sizes);
        let total: usize = sizes.iter().sum();
        assert_eq!(w.len(), total);
        assert!(w.chunk_count() >= 4);
        for at in [0, 4, 5, CHUNK_WORDS - 3, CHUNK_WORDS + 1, total - 1] {
            assert_eq!(w.get(at), Some(at as u32), "word {at}");
        }
        assert_eq!(w.get(total), None);
        for (from, to) in [
            (0, total),
            (3, CHUNK_WORDS + 10),
            (total - 2, total + 9),
            (7, 7),
        ] {
            let got: Vec<u32> = w.iter(from, to).collect();
            let want: Vec<u32> = (from as u32..to.min(total) as u32).collect();
            assert_eq!(got, want, "{from}..{to}");
        }
    }

    #[test]
    fn a_batch_is_never_split_and_a_large_one_is_not_copied() {
        let mut w = filled(&[CHUNK_WORDS - 2]);
        let mut batch = vec![1, 2, 3];
        w.append(&mut batch);
        // Three words do not fit in the first chunk's two: they start a chunk of their own.
        assert_eq!(w.chunk_count(), 2);
        let pieces: Vec<usize> = w.pieces(0, w.len()).map(<[u32]>::len).collect();
        assert_eq!(pieces, [CHUNK_WORDS - 2, 3]);
        let mut large = Vec::with_capacity(CHUNK_WORDS * 4);
        large.resize(CHUNK_WORDS, 7);
        let at = large.as_ptr();
        w.append(&mut large);
        assert_eq!(
            w.chunks.last().map(|c| c.as_ptr()),
            Some(at),
            "moved, not copied"
        );
        assert!(large.is_empty() && large.capacity() >= CHUNK_WORDS * 4);
    }

    #[test]
    fn a_cleared_store_reuses_its_first_chunk() {
        let mut w = filled(&[10, CHUNK_WORDS, 20]);
        let first = w.chunks[0].as_ptr();
        w.clear();
        assert_eq!((w.len(), w.chunk_count()), (0, 1));
        assert_eq!(w.iter(0, 100).count(), 0);
        let mut batch = vec![4, 5, 6];
        w.append(&mut batch);
        assert_eq!(w.chunks[0].as_ptr(), first, "copied into the kept chunk");
        assert_eq!(w.iter(0, 100).collect::<Vec<_>>(), [4, 5, 6]);
        // A large batch after a clear becomes a chunk of its own behind the empty one; reads
        // by offset skip the empty chunk.
        w.clear();
        let mut large = vec![9; CHUNK_WORDS];
        large[0] = 1;
        w.append(&mut large);
        assert_eq!(
            (w.len(), w.get(0), w.get(1)),
            (CHUNK_WORDS, Some(1), Some(9))
        );
        assert_eq!(w.iter(0, 2).collect::<Vec<_>>(), [1, 9]);
        w.truncate(1);
        assert_eq!(w.iter(0, 5).collect::<Vec<_>>(), [1]);
        // A small slack is kept; a large one given back.
        let mut w = filled(&[10]);
        w.trim();
        assert_eq!(w.capacity(), FIRST_WORDS);
        let mut w = filled(&[CHUNK_WORDS / 2 - 1, 5]);
        w.trim();
        assert_eq!(w.capacity(), w.len());
    }

    #[test]
    fn truncating_keeps_the_first_words() {
        let mut w = filled(&[10, CHUNK_WORDS, 20]);
        w.truncate(CHUNK_WORDS + 15);
        assert_eq!(w.len(), CHUNK_WORDS + 15);
        assert_eq!(w.get(CHUNK_WORDS + 14), Some((CHUNK_WORDS + 14) as u32));
        assert_eq!(w.get(CHUNK_WORDS + 15), None);
        w.truncate(5);
        assert_eq!(w.chunk_count(), 1);
        assert_eq!(w.iter(0, 100).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        w.shrink_to_fit();
        assert_eq!(w.capacity(), 5);
    }
}
