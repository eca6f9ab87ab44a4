//! Undoing blossoms: UL (unlink), UP (expand one blossom on a search path),
//! UA (expand all at the end).

use super::Solver;

impl Solver {
    /// UL1–UL8: unlinks the subblossoms of the blossom based at `old_base`,
    /// keeping their links (negated) for rematching. Returns the link of the
    /// second subblossom as it was, and the last edges of the two paths.
    fn unlink(&mut self, old_base: usize) -> (isize, [usize; 2]) {
        let mut i = self.next_vertex[old_base];
        let mut new_base = i;
        let mut next_base = self.next_vertex[self.last_vertex[new_base]];
        let e = self.link[next_base];
        let mut last_edge = [0; 2];
        let mut next_edge;
        let mut second_path = false;
        loop {
            loop {
                // UL2. The next edge of the path.
                next_edge = self.opp(Self::linked_edge(self.link[new_base]));
                for _ in 0..2 {
                    // UL3–UL5. Unlink a base and give its vertices their base back.
                    self.link[new_base] = -self.link[new_base];
                    loop {
                        self.base[i] = new_base;
                        i = self.next_vertex[i];
                        if i == next_base {
                            break;
                        }
                    }
                    new_base = next_base;
                    next_base = self.next_vertex[self.last_vertex[new_base]];
                }
                // UL6.
                if self.link[next_base] != next_edge as isize {
                    break;
                }
            }
            // UL7. End of a path: the other path, if it goes on.
            if second_path {
                break;
            }
            last_edge[0] = next_edge;
            next_edge = self.opp(Self::linked_edge(e));
            if self.link[next_base] != next_edge as isize {
                break;
            }
            second_path = true;
        }
        last_edge[1] = next_edge;
        // UL8. The blossom's own list.
        if self.base[self.last_vertex[old_base]] == old_base {
            self.next_vertex[old_base] = new_base;
        } else {
            self.next_vertex[old_base] = self.dummy_vertex;
            self.last_vertex[old_base] = old_base;
        }
        (e, last_edge)
    }

    /// UP1–UP7: expands the unlinked blossom `old_base`, matched with the
    /// linked blossom `old_mate`, and relinks the subblossoms on the path.
    pub(super) fn unpair(&mut self, old_base: usize, old_mate: usize) {
        let mut members = std::mem::take(&mut self.members);
        members.clear();
        let mut i = old_base;
        loop {
            members.push(i);
            if i == self.last_vertex[old_base] {
                break;
            }
            i = self.next_vertex[i];
        }
        let (_, last_edge) = self.unlink(old_base);
        let new_base = self.bmate(old_mate);
        if new_base != old_base {
            self.link[old_base] = Self::flag(self.dummy_edge);
            // The base moved, so the path to the old one has edges to swap.
            let (f, second_mate) = self
                .rematch(new_base, self.mate[old_base])
                .unwrap_or_else(|| unreachable!("the old base is off the new base"));
            self.link[second_mate] = Self::flag(if f == last_edge[0] {
                last_edge[1]
            } else {
                last_edge[0]
            });
        }
        for &i in &members {
            self.set_reach(i);
        }
        self.members = members;
        let mut e = Self::linked_edge(self.link[old_mate]);
        let mut u = self.bend(self.opp(e));
        if u != new_base {
            let flagged = self.bmate(u);
            self.link[flagged] = Self::flag(e);
            loop {
                // UP5–UP6. Relink a blossom, then the next one.
                e = Self::linked_edge(-self.link[u]);
                let v = self.bmate(u);
                let back = Self::linked_edge(-self.link[v]);
                self.pointer(u, v, back);
                u = self.bend(e);
                if u == new_base {
                    break;
                }
            }
            e = self.opp(e);
        }
        // UP7.
        self.pointer(new_base, old_mate, e);
    }

    /// UA1–UA7: expands every blossom left, rematching its subblossoms.
    pub(super) fn unpair_all(&mut self) {
        for v in 1..=self.n {
            if self.base[v] != v || self.last_vertex[v] == v {
                continue;
            }
            let mut next_u = v;
            let last = self.last_vertex[next_u];
            self.next_vertex[last] = self.dummy_vertex;
            loop {
                let u = next_u;
                next_u = self.next_vertex[next_u];
                let (e, last_edge) = self.unlink(u);
                if self.last_vertex[u] != u {
                    let f = if last_edge[1] == self.opp(Self::linked_edge(e)) {
                        last_edge[0]
                    } else {
                        last_edge[1]
                    };
                    let tail = self.last_vertex[self.bend(f)];
                    self.next_vertex[tail] = u;
                }
                let new_base = self.bmate(self.bmate(u));
                if new_base != self.dummy_vertex && new_base != u {
                    self.link[u] = Self::flag(self.dummy_edge);
                    self.rematch(new_base, self.mate[u]);
                }
                while self.last_vertex[next_u] == next_u && next_u != self.dummy_vertex {
                    next_u = self.next_vertex[next_u];
                }
                if self.last_vertex[next_u] == next_u && next_u == self.dummy_vertex {
                    break;
                }
            }
        }
    }
}
