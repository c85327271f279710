//! The calls the service admitted, in admission order: the server's queue and the clients'
//! timeouts are two cursors over one ring.

/// A call admitted by the service.
#[derive(Clone, Copy, Debug)]
pub(super) struct Call {
    /// When it was sent.
    pub sent: f64,
    /// Its id (the request's `call` while it is in progress).
    pub id: u32,
    /// The request's slot.
    pub slot: u32,
}

/// The calls admitted by the service, in admission order, read by two cursors: the server's
/// (`served`: the next to start) and the clients' timeouts (`timed`: the next to time out, τ after
/// its sending; calls are sent in time order, so timeouts come in admission order too). One ring
/// of absolute positions holds every call at or after the slower cursor.
pub(super) struct Admitted {
    ring: Vec<Call>,
    mask: u64,
    served: u64,
    timed: u64,
    tail: u64,
}

impl Admitted {
    pub fn new() -> Admitted {
        Admitted {
            ring: vec![
                Call {
                    sent: 0.0,
                    id: 0,
                    slot: 0
                };
                1 << 14
            ],
            mask: (1 << 14) - 1,
            served: 0,
            timed: 0,
            tail: 0,
        }
    }

    pub fn push(&mut self, call: Call) {
        let oldest = self.served.min(self.timed);
        if self.tail - oldest == self.ring.len() as u64 {
            let mut ring = Vec::with_capacity(self.ring.len() * 2);
            ring.resize(self.ring.len() * 2, call);
            let mask = ring.len() as u64 - 1;
            for i in oldest..self.tail {
                ring[(i & mask) as usize] = self.ring[(i & self.mask) as usize];
            }
            self.ring = ring;
            self.mask = mask;
        }
        self.ring[(self.tail & self.mask) as usize] = call;
        self.tail += 1;
    }

    /// Calls waiting for the server.
    pub fn waiting(&self) -> usize {
        (self.tail - self.served) as usize
    }

    /// The next call to serve, taken.
    pub fn next_to_serve(&mut self) -> Option<Call> {
        (self.served < self.tail).then(|| {
            let call = self.ring[(self.served & self.mask) as usize];
            self.served += 1;
            call
        })
    }

    /// The next call to time out, if any: when, and the call.
    pub fn next_timeout(&self, tau: f64) -> f64 {
        if self.timed < self.tail {
            self.ring[(self.timed & self.mask) as usize].sent + tau
        } else {
            f64::INFINITY
        }
    }

    pub fn take_timeout(&mut self) -> Call {
        let call = self.ring[(self.timed & self.mask) as usize];
        self.timed += 1;
        call
    }
}
