//! A table of which items cover which cells of a uniform grid: each item
//! (a body, by index) enters every cell of its range `[x0, y0, x1, y1]`,
//! and a cell's entries come back in item order. The broad phase (`grid`)
//! and the islands' split (`islands`) both keep one.
//!
//! When the box of all cells in use holds few enough cells (at most four
//! per entry, or [`DENSE_CELLS`]), the entries are laid out by a counting
//! sort in a dense table, `O(entries + cells)`; otherwise they are sorted
//! by cell and a cell is found by binary search, `O(entries log entries)`.
//! Either way a cell's entries are in item order, so what a caller does
//! with them does not depend on which.

/// A dense table of up to this many cells is always laid out (a few
/// hundred kB, summed in one pass: less than sorting a few thousand
/// entries).
pub(in crate::dynamics) const DENSE_CELLS: i64 = 1 << 16;

/// How many cells a range `[x0, y0, x1, y1]` covers.
pub(in crate::dynamics) fn cell_count(r: [i32; 4]) -> i64 {
    (r[2] as i64 - r[0] as i64 + 1) * (r[3] as i64 - r[1] as i64 + 1)
}

/// A cell's sort key: by `x`, then `y`, as signed numbers (the sign bits
/// flipped), so keys sort as the dense table lays cells out.
pub(in crate::dynamics) fn cell_key(x: i32, y: i32) -> u64 {
    let flip = |v: i32| (v as u32 ^ 0x8000_0000) as u64;
    (flip(x) << 32) | flip(y)
}

/// Items entered by cell (see the module docs).
#[derive(Default)]
pub(in crate::dynamics) struct CellTable {
    /// `(cell key, item)`, by cell then item.
    entries: Vec<(u64, u32)>,
    /// When dense: the cells' corner and size; cell `c` (`x` major) holds
    /// `entries[starts[c]..starts[c + 1]]`.
    dense: Option<([i32; 2], [i32; 2])>,
    starts: Vec<u32>,
}

impl CellTable {
    /// Enters each item `i` of `ranges` in the cells of its range; an item
    /// whose range is `None` enters none.
    pub(in crate::dynamics) fn fill(&mut self, ranges: &[Option<[i32; 4]>]) {
        self.entries.clear();
        self.dense = None;
        let mut used = ranges.iter().flatten();
        let Some(first) = used.next() else {
            return;
        };
        let (mut lo, mut hi) = ([first[0], first[1]], [first[2], first[3]]);
        let mut total = cell_count(*first);
        for r in used {
            lo = [lo[0].min(r[0]), lo[1].min(r[1])];
            hi = [hi[0].max(r[2]), hi[1].max(r[3])];
            total += cell_count(*r);
        }
        let size = [
            hi[0] as i64 - lo[0] as i64 + 1,
            hi[1] as i64 - lo[1] as i64 + 1,
        ];
        let count = size[0] * size[1];
        let items = ranges.iter().enumerate();
        let each = items.filter_map(|(i, r)| Some((i as u32, (*r)?)));
        if count > (4 * total).max(DENSE_CELLS) {
            for (i, r) in each {
                for x in r[0]..=r[2] {
                    for y in r[1]..=r[3] {
                        self.entries.push((cell_key(x, y), i));
                    }
                }
            }
            self.entries.sort_unstable();
            return;
        }
        let size = [size[0] as i32, size[1] as i32];
        let cell = |x: i32, y: i32| (x - lo[0]) as usize * size[1] as usize + (y - lo[1]) as usize;
        // Counted at `c + 2`, summed, then filled through `starts[c + 1]`,
        // which leaves cell `c`'s entries at `starts[c]..starts[c + 1]`.
        self.starts.clear();
        self.starts.resize(count as usize + 2, 0);
        for (_, r) in each.clone() {
            for x in r[0]..=r[2] {
                for y in r[1]..=r[3] {
                    self.starts[cell(x, y) + 2] += 1;
                }
            }
        }
        for c in 2..self.starts.len() {
            self.starts[c] += self.starts[c - 1];
        }
        self.entries.resize(total as usize, (0, 0));
        for (i, r) in each {
            for x in r[0]..=r[2] {
                for y in r[1]..=r[3] {
                    let at = &mut self.starts[cell(x, y) + 1];
                    self.entries[*at as usize] = (cell_key(x, y), i);
                    *at += 1;
                }
            }
        }
        self.dense = Some((lo, size));
    }

    /// The items in cell `(x, y)`, ascending.
    pub(in crate::dynamics) fn cell(&self, x: i32, y: i32) -> impl Iterator<Item = usize> + '_ {
        self.cell_entries(x, y).iter().map(|&(_, i)| i as usize)
    }

    /// Each item of every cell of `range` (`[x0, y0, x1, y1]`) handed to
    /// `visit`, cell by cell (`x` major), ascending within each: an item
    /// covering several of them comes once for each. (Plain loops: nested
    /// iterators over the cells cost more than looking the cells up.)
    pub(in crate::dynamics) fn for_each_in_cells(
        &self,
        [x0, y0, x1, y1]: [i32; 4],
        mut visit: impl FnMut(usize),
    ) {
        for x in x0..=x1 {
            for y in y0..=y1 {
                for &(_, i) in self.cell_entries(x, y) {
                    visit(i as usize);
                }
            }
        }
    }

    fn cell_entries(&self, x: i32, y: i32) -> &[(u64, u32)] {
        if let Some((lo, size)) = self.dense {
            let (dx, dy) = (x as i64 - lo[0] as i64, y as i64 - lo[1] as i64);
            if dx < 0 || dy < 0 || dx >= size[0] as i64 || dy >= size[1] as i64 {
                return &[];
            }
            let c = dx as usize * size[1] as usize + dy as usize;
            return &self.entries[self.starts[c] as usize..self.starts[c + 1] as usize];
        }
        let key = cell_key(x, y);
        let start = self.entries.partition_point(|e| e.0 < key);
        let len = self.entries[start..].partition_point(|e| e.0 == key);
        &self.entries[start..start + len]
    }

    /// Every cell's items in turn (cells in key order), each as a slice of
    /// `(key, item)`, items ascending.
    pub(in crate::dynamics) fn by_cell(&self) -> impl Iterator<Item = &[(u64, u32)]> {
        self.entries.chunk_by(|a, b| a.0 == b.0)
    }

    /// Whether the table was laid out dense (for tests).
    #[cfg(test)]
    pub(in crate::dynamics) fn is_dense(&self) -> bool {
        self.dense.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::testing::unit_rng;

    /// Each cell holds exactly the items whose range covers it, ascending,
    /// whether laid out dense or sorted: 300 random tables of 0–300 ranges
    /// of 1–6 cells a side, packed near the origin or spread over ±10⁶
    /// cells (both signs), some items with no range.
    #[test]
    fn a_cell_holds_the_items_covering_it_in_order() {
        let mut f = unit_rng(0x1405_7B7E_F767_814F);
        let (mut checked, mut dense) = (0usize, 0usize);
        for case in 0..300 {
            let n = (f() * 300.0) as usize;
            let spread = if case % 2 == 0 { 40.0 } else { 1e6 };
            let ranges: Vec<Option<[i32; 4]>> = (0..n)
                .map(|_| {
                    if f() < 0.1 {
                        return None;
                    }
                    let x = ((2.0 * f() - 1.0) * spread) as i32;
                    let y = ((2.0 * f() - 1.0) * spread) as i32;
                    let (w, h) = ((f() * 6.0) as i32, (f() * 6.0) as i32);
                    Some([x, y, x + w, y + h])
                })
                .collect();
            let mut table = CellTable::default();
            table.fill(&ranges);
            dense += usize::from(table.is_dense());
            for _ in 0..50 {
                // A cell some range covers, or any.
                let (x, y) = match ranges.get((f() * n as f64) as usize).copied().flatten() {
                    Some(r) if f() < 0.8 => (r[0] + (f() * 3.0) as i32, r[1] + (f() * 3.0) as i32),
                    _ => (
                        ((2.0 * f() - 1.0) * spread) as i32,
                        ((2.0 * f() - 1.0) * spread) as i32,
                    ),
                };
                let want: Vec<usize> = (0..n)
                    .filter(|&i| {
                        ranges[i].is_some_and(|r| r[0] <= x && x <= r[2] && r[1] <= y && y <= r[3])
                    })
                    .collect();
                let got: Vec<usize> = table.cell(x, y).collect();
                assert_eq!(got, want, "case {case}, cell ({x}, {y})");
                checked += want.len();
            }
            let entries: usize = table.by_cell().map(<[_]>::len).sum();
            let covered: i64 = ranges.iter().flatten().map(|r| cell_count(*r)).sum();
            assert_eq!(entries as i64, covered, "case {case}");
        }
        println!("{checked} items found in their cells; {dense} of 300 tables dense");
        assert!(
            checked > 5_000 && (100..280).contains(&dense),
            "{checked}, {dense}"
        );
    }
}
