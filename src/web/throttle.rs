//! A pace per address for what anyone may do without signing in (players
//! registering themselves): a burst, then one every few seconds. A venue's
//! players registering through its one Wi-Fi address keep going; a program
//! sending hundreds a second is slowed to the same pace and told when to
//! come back. Kept in each instance's memory: a pace, not an account's
//! security (sign-in counts are in the database, `store::sign_in`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Allowance per address: `burst` at once, then one per `every`.
pub struct Pace {
    burst: f64,
    every: Duration,
    addresses: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Pace {
    /// Past this many addresses the oldest allowances are forgotten.
    const MAX_ADDRESSES: usize = 100_000;

    pub fn new(burst: u32, every: Duration) -> Self {
        Pace {
            burst: f64::from(burst),
            every,
            addresses: Mutex::default(),
        }
    }

    /// Self-registration: twenty at once from one address, then one every
    /// three seconds (a club registering from one hall, 200 players in
    /// ten minutes).
    pub fn registrations() -> Self {
        Pace::new(20, Duration::from_secs(3))
    }

    /// Takes one of `ip`'s allowance, or says how many whole seconds until
    /// it has one again.
    pub fn take(&self, ip: IpAddr) -> Result<(), u64> {
        self.take_at(ip, Instant::now())
    }

    fn take_at(&self, ip: IpAddr, now: Instant) -> Result<(), u64> {
        let mut addresses = self.addresses.lock().expect("pace lock");
        if addresses.len() >= Self::MAX_ADDRESSES {
            let every = self.every.as_secs_f64();
            let full = self.burst;
            addresses.retain(|_, (left, at)| {
                *left + now.duration_since(*at).as_secs_f64() / every < full
            });
            // Still full: so many addresses at once are no venue's.
            if addresses.len() >= Self::MAX_ADDRESSES / 2 {
                addresses.clear();
            }
        }
        let (left, at) = addresses.entry(network(ip)).or_insert((self.burst, now));
        let refilled = (*left + now.duration_since(*at).as_secs_f64() / self.every.as_secs_f64())
            .min(self.burst);
        if refilled >= 1.0 {
            *left = refilled - 1.0;
            *at = now;
            Ok(())
        } else {
            let wait = (1.0 - refilled) * self.every.as_secs_f64();
            Err(wait.ceil().max(1.0) as u64)
        }
    }
}

/// The address as one connection's owner holds it: an IPv6 host has a
/// whole /64 to itself, so the pace counts the /64.
fn network(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_burst_then_one_at_the_pace() {
        let pace = Pace::new(3, Duration::from_secs(2));
        let (ip, t) = ("10.0.0.1".parse().unwrap(), Instant::now());
        for _ in 0..3 {
            assert_eq!(pace.take_at(ip, t), Ok(()));
        }
        assert_eq!(pace.take_at(ip, t), Err(2));
        assert_eq!(pace.take_at(ip, t + Duration::from_secs(1)), Err(1));
        assert_eq!(pace.take_at(ip, t + Duration::from_secs(2)), Ok(()));
        assert_eq!(pace.take_at(ip, t + Duration::from_secs(2)), Err(2));
    }

    #[test]
    fn the_addresses_of_one_ipv6_network_share_an_allowance() {
        let pace = Pace::new(1, Duration::from_secs(60));
        let t = Instant::now();
        assert_eq!(pace.take_at("2001:db8::1".parse().unwrap(), t), Ok(()));
        assert!(pace.take_at("2001:db8::2".parse().unwrap(), t).is_err());
        assert_eq!(pace.take_at("2001:db8:0:1::1".parse().unwrap(), t), Ok(()));
    }

    #[test]
    fn each_address_has_its_own_allowance() {
        let pace = Pace::new(1, Duration::from_secs(60));
        let t = Instant::now();
        assert_eq!(pace.take_at("10.0.0.1".parse().unwrap(), t), Ok(()));
        assert!(pace.take_at("10.0.0.1".parse().unwrap(), t).is_err());
        assert_eq!(pace.take_at("10.0.0.2".parse().unwrap(), t), Ok(()));
    }
}
