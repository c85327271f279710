//! The simulation's agenda of retries and new requests: a timing wheel of one-millisecond
//! buckets in front of a short sorted list. Each *timer* (a request's next retry, a client's next
//! request) is pending at most once, so the wheel keeps one slot per timer — its time, its order
//! key and a link — and needs no allocation per event. Events come out in exactly the order of
//! (time, kind, client, request), as one binary heap of them would give, but a push is O(1) and
//! only the events of the bucket being worked through are ever compared.
//!
//! Every pending timer of a bucket ≤ `cur` is in `current`; the ring holds the buckets
//! `cur + 1 … cur + RING − 1` as linked lists; later ones wait in `far` until the wheel comes
//! within reach of them.

use std::collections::BinaryHeap;

/// Buckets in the ring: 65.5 s of one-millisecond buckets.
const RING: u64 = 1 << 16;
/// End of a bucket's list.
const NIL: u32 = u32::MAX;

/// What fires: timer `timer` at `t`, with its order key.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Fired {
    /// When, in ms.
    pub t: f64,
    /// [`key`]: kind, client, request.
    pub key: u64,
    /// The timer.
    pub timer: u32,
}

/// (time, key) as one number that orders like them: the time's bits made to sort as unsigned
/// integers (negative times flipped whole, the others' sign bit set), then the key.
#[inline]
fn rank(t: f64, key: u64) -> u128 {
    let bits = t.to_bits();
    let t = if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    };
    (u128::from(t) << 64) | u128::from(key)
}

/// A pending timer in `current`: its rank and the timer.
#[derive(Clone, Copy, Debug)]
struct Ranked {
    rank: u128,
    t: f64,
    timer: u32,
}

impl Ranked {
    fn fired(&self) -> Fired {
        Fired {
            t: self.t,
            key: self.rank as u64,
            timer: self.timer,
        }
    }
}

/// The order of events at one instant, as one number: retries (kind 2) before new requests
/// (kind 3), then by client, then by the client's request number.
pub(super) fn key(kind: u8, client: u32, request: u32) -> u64 {
    (u64::from(kind & 1) << 63) | (u64::from(client) << 32) | u64::from(request)
}

/// The kind of a key: 2 (a retry) or 3 (a new request).
pub(super) fn kind_of(key: u64) -> u8 {
    2 + (key >> 63) as u8
}

/// Whether `a` comes before `b`. Times are never NaN (nor −0).
#[inline]
fn before(a: &Fired, b: &Fired) -> bool {
    rank(a.t, a.key) < rank(b.t, b.key)
}

/// A far timer in a heap that yields the earliest.
#[derive(Clone, Copy, Debug)]
struct Far(Fired);

impl PartialEq for Far {
    fn eq(&self, other: &Far) -> bool {
        self.0 == other.0
    }
}
impl Eq for Far {}
impl PartialOrd for Far {
    fn partial_cmp(&self, other: &Far) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Far {
    fn cmp(&self, other: &Far) -> std::cmp::Ordering {
        if before(&self.0, &other.0) {
            std::cmp::Ordering::Greater
        } else if before(&other.0, &self.0) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Equal
        }
    }
}

/// A timer waiting in the ring: when, its order key, and the next timer of its bucket.
#[derive(Clone, Copy, Debug)]
struct Node {
    t: f64,
    key: u64,
    next: u32,
}

/// The agenda. Times must be at least `start`, and a timer may not be set earlier than the last
/// event taken.
pub(super) struct Agenda {
    start: f64,
    cur: u64,
    /// Sorted latest first: the earliest is last.
    current: Vec<Ranked>,
    heads: Vec<u32>,
    /// Each timer's slot in the ring, one cache line's part per timer.
    nodes: Vec<Node>,
    in_ring: usize,
    far: BinaryHeap<Far>,
}

impl Agenda {
    /// An empty agenda for times from `start` (ms).
    pub fn new(start: f64) -> Agenda {
        Agenda {
            start,
            cur: 0,
            current: Vec::new(),
            heads: vec![NIL; RING as usize],
            nodes: Vec::new(),
            in_ring: 0,
            far: BinaryHeap::new(),
        }
    }

    #[inline]
    fn bucket(&self, t: f64) -> u64 {
        // t ≥ start, and far below 2⁶³ ms: the conversion to i64 is exact in range.
        (t - self.start) as i64 as u64
    }

    /// Sets `timer`, which is not pending, to fire at `t`.
    pub fn set(&mut self, timer: u32, t: f64, key: u64) {
        let b = self.bucket(t);
        if b <= self.cur {
            let r = Ranked {
                rank: rank(t, key),
                t,
                timer,
            };
            let at = self.current.partition_point(|x| r.rank < x.rank);
            self.current.insert(at, r);
        } else if b < self.cur + RING {
            let i = timer as usize;
            if i >= self.nodes.len() {
                let empty = Node {
                    t: 0.0,
                    key: 0,
                    next: NIL,
                };
                self.nodes.resize(i + 1, empty);
            }
            let slot = (b % RING) as usize;
            self.nodes[i] = Node {
                t,
                key,
                next: self.heads[slot],
            };
            self.heads[slot] = timer;
            self.in_ring += 1;
        } else {
            self.far.push(Far(Fired { t, key, timer }));
        }
    }

    /// The earliest pending timer, if any.
    #[inline]
    pub fn peek(&mut self) -> Option<Fired> {
        if let Some(r) = self.current.last() {
            return Some(r.fired());
        }
        self.advance()
    }

    #[cold]
    fn advance(&mut self) -> Option<Fired> {
        while self.current.is_empty() {
            if self.in_ring == 0 {
                // Nothing within reach: jump to just before the earliest far timer.
                let far = self.far.peek()?.0;
                self.cur = self.cur.max(self.bucket(far.t).saturating_sub(1));
            }
            self.cur += 1;
            while let Some(&Far(f)) = self.far.peek() {
                if self.bucket(f.t) >= self.cur + RING {
                    break;
                }
                self.far.pop();
                self.set(f.timer, f.t, f.key);
            }
            let slot = (self.cur % RING) as usize;
            let mut i = std::mem::replace(&mut self.heads[slot], NIL);
            while i != NIL {
                let node = self.nodes[i as usize];
                self.current.push(Ranked {
                    rank: rank(node.t, node.key),
                    t: node.t,
                    timer: i,
                });
                self.in_ring -= 1;
                i = node.next;
            }
            self.current
                .sort_unstable_by_key(|r| std::cmp::Reverse(r.rank));
        }
        self.current.last().map(Ranked::fired)
    }

    /// Takes the earliest pending timer.
    pub fn pop(&mut self) -> Option<Fired> {
        self.peek()?;
        self.current.pop().map(|r| r.fired())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    /// Timers set and taken at random, near and far, ties included: the agenda yields what one
    /// binary heap of (time, key) yields.
    #[test]
    fn yields_the_order_of_one_heap() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for round in 0..20 {
            let mut agenda = Agenda::new(-5_000.0);
            let mut heap: BinaryHeap<Far> = BinaryHeap::new();
            let mut idle: Vec<u32> = (0..3_000).collect();
            let mut now = -5_000.0;
            for _ in 0..20_000 {
                if (rng.next_u32() % 3 != 0 || heap.is_empty()) && !idle.is_empty() {
                    let far = match rng.next_u32() % 8 {
                        0 => 0.0,
                        1 => 200_000.0 * f64::from(round),
                        2 => 0.25 * f64::from(rng.next_u32() % 4),
                        _ => f64::from(rng.next_u32() % 50_000) / 7.0,
                    };
                    let timer = idle.swap_remove((rng.next_u32() as usize) % idle.len());
                    let k = key(
                        2 + (rng.next_u32() % 2) as u8,
                        rng.next_u32() % 5,
                        rng.next_u32() % 4,
                    );
                    agenda.set(timer, now + far, k);
                    heap.push(Far(Fired {
                        t: now + far,
                        key: k,
                        timer,
                    }));
                } else if let Some(Far(want)) = heap.pop() {
                    let got = agenda.pop().unwrap();
                    assert_eq!((got.t, got.key), (want.t, want.key));
                    idle.push(got.timer);
                    now = got.t;
                }
            }
            while let Some(Far(want)) = heap.pop() {
                let got = agenda.pop().unwrap();
                assert_eq!((got.t, got.key), (want.t, want.key));
            }
            assert!(agenda.pop().is_none());
        }
    }

    #[test]
    fn keys_order_kind_then_client_then_request() {
        assert!(key(2, 9, 9) < key(3, 0, 0));
        assert!(key(3, 1, 0) < key(3, 2, 0));
        assert!(key(2, 1, 5) < key(2, 1, 6));
        assert_eq!(kind_of(key(2, 7, 7)), 2);
        assert_eq!(kind_of(key(3, 7, 7)), 3);
    }
}
