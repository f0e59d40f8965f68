//! Finding the teacher's collection without typing: while a collection is open, the
//! teacher's device announces it by DNS-SD over multicast DNS as a `_qike._tcp`
//! service; a pupil's device browses for that type and offers the collections of the
//! classes it belongs to.
//!
//! The announcement holds no secret: the TXT record carries the protocol version
//! (`v`), the class id (`class`), the class's name (`name`) and the teacher's name
//! (`teacher`), all of which the plaintext hello shows anyway. Whoever announces a
//! class id still needs the class key to complete the handshake, so a false
//! announcement only wastes a pupil's try. Networks that block multicast (some
//! school Wi-Fi does) still work through the short code.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use mdns_sd::{IfKind, ServiceDaemon, ServiceEvent, ServiceInfo};

use super::MulticastUse;
use super::error::SyncError;
use super::wire::PROTOCOL_VERSION;
use crate::progress::ClassId;

/// The DNS-SD service type of a class collection.
pub const SERVICE_TYPE: &str = "_qike._tcp.local.";

/// A class collection seen on the network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundCollection {
    pub class: ClassId,
    pub class_name: String,
    pub teacher: String,
    /// Where to send: the announced IPv4 addresses with the port.
    pub addrs: Vec<SocketAddr>,
}

fn discovery_error(e: mdns_sd::Error) -> SyncError {
    SyncError::Discovery(e.to_string())
}

/// A daemon on the interfaces another device can reach over IPv4, the only family
/// the server listens on: no loopback (its address means "this device" to whoever
/// reads it), no IPv6.
fn daemon() -> Result<ServiceDaemon, SyncError> {
    let daemon = ServiceDaemon::new().map_err(discovery_error)?;
    daemon
        .disable_interface(vec![IfKind::IPv6, IfKind::LoopbackV4, IfKind::LoopbackV6])
        .map_err(discovery_error)?;
    Ok(daemon)
}

/// An open announcement; dropping it (or [`Announcement::stop`]) withdraws it.
pub struct Announcement {
    daemon: ServiceDaemon,
    fullname: String,
    _multicast: MulticastUse,
}

impl std::fmt::Debug for Announcement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Announcement").field("fullname", &self.fullname).finish_non_exhaustive()
    }
}

impl Announcement {
    /// The service instance's full DNS-SD name.
    pub fn fullname(&self) -> &str {
        &self.fullname
    }

    /// Withdraws the announcement (a goodbye packet) and stops the daemon.
    pub fn stop(self) {}
}

impl Drop for Announcement {
    fn drop(&mut self) {
        if let Ok(done) = self.daemon.unregister(&self.fullname) {
            let _ = done.recv_timeout(Duration::from_millis(500));
        }
        if let Ok(done) = self.daemon.shutdown() {
            let _ = done.recv_timeout(Duration::from_millis(500));
        }
    }
}

/// Announces the collection of `class` served on `port`, on every network interface
/// (the addresses follow the interfaces as they come and go).
pub fn announce(
    class: ClassId,
    class_name: &str,
    teacher: &str,
    port: u16,
) -> Result<Announcement, SyncError> {
    let multicast = MulticastUse::begin();
    let daemon = daemon()?;
    // Unique per class and port; DNS labels are short, so the names go in the TXT.
    let instance = format!("qike-{}-{port}", class.0);
    let host = format!("qike-{}-{port}.local.", class.0);
    let properties = [
        ("v", PROTOCOL_VERSION.to_string()),
        ("class", class.0.to_string()),
        ("name", clip(class_name, 60)),
        ("teacher", clip(teacher, 40)),
    ];
    let info = ServiceInfo::new(SERVICE_TYPE, &instance, &host, "", port, &properties[..])
        .map_err(discovery_error)?
        .enable_addr_auto();
    let fullname = info.get_fullname().to_owned();
    daemon.register(info).map_err(discovery_error)?;
    Ok(Announcement { daemon, fullname, _multicast: multicast })
}

/// This device's IPv4 addresses on its networks (no loopback, no link-local), private
/// ranges first: the addresses a short code can carry.
pub fn local_ipv4() -> Vec<Ipv4Addr> {
    let mut out: Vec<Ipv4Addr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter_map(|i| match i.ip() {
            IpAddr::V4(ip) if !ip.is_loopback() && !ip.is_link_local() => Some(ip),
            _ => None,
        })
        .collect();
    out.sort_by_key(|ip| (!ip.is_private(), *ip));
    out.dedup();
    out
}

/// A TXT value cut to at most `max` characters (a record holds 255 bytes a value).
fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// Browses for class collections; [`Finder::poll`] never blocks.
pub struct Finder {
    daemon: ServiceDaemon,
    events: mdns_sd::Receiver<ServiceEvent>,
    seen: BTreeMap<String, FoundCollection>,
    _multicast: MulticastUse,
}

impl std::fmt::Debug for Finder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Finder").field("seen", &self.seen).finish_non_exhaustive()
    }
}

impl Finder {
    /// Starts browsing for `_qike._tcp` on every interface.
    pub fn new() -> Result<Finder, SyncError> {
        let multicast = MulticastUse::begin();
        let daemon = daemon()?;
        let events = daemon.browse(SERVICE_TYPE).map_err(discovery_error)?;
        Ok(Finder { daemon, events, seen: BTreeMap::new(), _multicast: multicast })
    }

    /// Takes in what the network said since the last call and returns the
    /// collections open now, by class id then name.
    pub fn poll(&mut self) -> Vec<FoundCollection> {
        while let Ok(event) = self.events.try_recv() {
            self.take(event);
        }
        self.current()
    }

    fn take(&mut self, event: ServiceEvent) {
        match event {
            ServiceEvent::ServiceResolved(s) => {
                let props = |k: &str| s.get_property_val_str(k).map(str::to_owned);
                let version = props("v").and_then(|v| v.parse::<u8>().ok());
                let class = props("class").and_then(|c| c.parse::<u32>().ok()).map(ClassId);
                let (Some(version), Some(class)) = (version, class) else { return };
                if version != PROTOCOL_VERSION {
                    return;
                }
                let mut ips: Vec<IpAddr> =
                    s.get_addresses().iter().map(|a| a.to_ip_addr()).collect();
                ips.sort_by_key(|ip| (ip.is_ipv6(), *ip));
                let addrs = ips.into_iter().map(|ip| SocketAddr::new(ip, s.get_port())).collect();
                let found = FoundCollection {
                    class,
                    class_name: props("name").unwrap_or_default(),
                    teacher: props("teacher").unwrap_or_default(),
                    addrs,
                };
                self.seen.insert(s.get_fullname().to_owned(), found);
            }
            ServiceEvent::ServiceRemoved(_, fullname) => {
                self.seen.remove(&fullname);
            }
            _ => {}
        }
    }

    fn current(&self) -> Vec<FoundCollection> {
        let mut out: Vec<FoundCollection> =
            self.seen.values().filter(|f| !f.addrs.is_empty()).cloned().collect();
        out.sort_by(|a, b| (a.class.0, &a.class_name).cmp(&(b.class.0, &b.class_name)));
        out
    }

    /// Waits up to `timeout` for a collection of `class`.
    pub fn wait_for(&mut self, class: ClassId, timeout: Duration) -> Option<FoundCollection> {
        let end = Instant::now() + timeout;
        loop {
            if let Some(found) = self.current().into_iter().find(|f| f.class == class) {
                return Some(found);
            }
            let left = end.checked_duration_since(Instant::now())?;
            match self.events.recv_timeout(left.min(Duration::from_millis(200))) {
                Ok(event) => self.take(event),
                Err(mdns_sd::RecvTimeoutError::Timeout) => {}
                Err(_) => return None,
            }
        }
    }
}

impl Drop for Finder {
    fn drop(&mut self) {
        let _ = self.daemon.stop_browse(SERVICE_TYPE);
        if let Ok(done) = self.daemon.shutdown() {
            let _ = done.recv_timeout(Duration::from_millis(500));
        }
    }
}
