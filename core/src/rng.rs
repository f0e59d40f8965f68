//! The one seeded random generator of the crate. Engines (level picks, opening books,
//! Go's playouts), tournaments (draws, seeding) and the tests all draw from it, and the
//! seed always comes from the caller, so every game and every draw can be replayed.

/// A small seeded generator with two streams:
///
/// - [`Rng::new`] and [`Rng::for_ply`]: SplitMix64, for whatever draws a few numbers
///   at a time (a level's pick, a book move, a tournament's draw, a random opening);
/// - [`Rng::for_playouts`]: xorshift64*, cheaper per number, for Monte Carlo playouts
///   that draw one number per stone.
///
/// A seed gives the same numbers on every platform; tables of keys built at compile
/// time use it too ([`Rng::new`] and [`Rng::next_u64`] are `const`).
///
/// ```
/// use qike_core::Rng;
///
/// let mut a = Rng::new(7);
/// let mut b = Rng::new(7);
/// assert_eq!(a.below(10), b.below(10));
/// assert!(Rng::for_playouts(7).index(361) < 361);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: u64,
    stream: Stream,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stream {
    SplitMix,
    XorShift,
}

/// SplitMix64's increment (the golden ratio in 64 bits).
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl Rng {
    /// A SplitMix64 stream from `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed, stream: Stream::SplitMix }
    }

    /// The generator for ply `ply` of a game seeded with `seed`: a resumed game makes
    /// the same choices as one that was never closed.
    pub const fn for_ply(seed: u64, ply: usize) -> Rng {
        Rng::new(seed ^ (ply as u64).wrapping_mul(GOLDEN))
    }

    /// An xorshift64* stream for playouts. The seed is mixed first (the first SplitMix64
    /// number of `seed`), so small seeds such as 0, 1, 2 start far apart; the state is
    /// never zero.
    pub const fn for_playouts(seed: u64) -> Rng {
        let mut mix = Rng::new(seed);
        Rng { state: mix.next_u64() | 1, stream: Stream::XorShift }
    }

    pub const fn next_u64(&mut self) -> u64 {
        match self.stream {
            Stream::SplitMix => {
                self.state = self.state.wrapping_add(GOLDEN);
                let mut z = self.state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            }
            Stream::XorShift => {
                let mut x = self.state;
                x ^= x >> 12;
                x ^= x << 25;
                x ^= x >> 27;
                self.state = x;
                x.wrapping_mul(0x2545_F491_4F6C_DD1D)
            }
        }
    }

    /// A number in `0..n` (0 when `n` is 0). Each stream keeps its own way of scaling
    /// a draw to the range, so a seed keeps giving the numbers it always gave: SplitMix64
    /// scales all 64 bits (and draws nothing for `n` = 0), xorshift64* the high 32 bits.
    pub fn below(&mut self, n: u64) -> u64 {
        match self.stream {
            Stream::SplitMix if n == 0 => 0,
            Stream::XorShift if n <= u32::MAX as u64 => ((self.next_u64() >> 32) * n) >> 32,
            _ => ((self.next_u64() as u128 * n as u128) >> 64) as u64,
        }
    }

    /// An index into a slice of `len` items (0 when `len` is 0).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_reproducible_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            assert!(x < 10);
        }
        assert_eq!(a.below(0), 0);
        assert_ne!(Rng::for_ply(1, 0), Rng::for_ply(1, 1));
    }

    #[test]
    fn rng_below_stays_in_range() {
        let mut r = Rng::for_playouts(0);
        for n in 1..200 {
            assert!(r.index(n) < n);
        }
    }

    /// The numbers both streams have always given for these seeds: a change here
    /// changes every engine game and tournament draw made with a seed.
    #[test]
    fn each_stream_keeps_its_numbers() {
        let mut s = Rng::new(1);
        let split: Vec<u64> = (0..3).map(|_| s.next_u64()).collect();
        assert_eq!(split, SPLITMIX_1);
        let mut x = Rng::for_playouts(1);
        let xor: Vec<u64> = (0..3).map(|_| x.next_u64()).collect();
        assert_eq!(xor, XORSHIFT_1);
        let mut s = Rng::new(42);
        let mut x = Rng::for_playouts(42);
        let below: Vec<u64> =
            (0..4).map(|_| s.below(1000)).chain((0..4).map(|_| x.below(361))).collect();
        assert_eq!(below, BELOW_42);
    }

    const SPLITMIX_1: [u64; 3] =
        [0x910A_2DEC_8902_5CC1, 0xBEEB_8DA1_658E_EC67, 0xF893_A2EE_FB32_555E];
    const XORSHIFT_1: [u64; 3] =
        [0x4B46_A55D_F361_1B9B, 0xD7E1_F141_0E76_3EF4, 0x5F14_EC66_975F_9B06];
    const BELOW_42: [u64; 8] = [741, 159, 278, 344, 70, 203, 175, 97];
}
