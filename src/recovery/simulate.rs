//! The event loop of SPEC §8: one strategy under one budget (the parent module's docs pin the
//! model). Three sources of events, merged in time order: the server's next completion (one at a
//! time), the timeouts (a FIFO: every admitted call times out τ after it was sent, and calls are
//! sent in time order) and a heap of retries and new requests. State grows with the clients,
//! the requests in progress and the queue, never with the horizon.

use super::admitted::{Admitted, Call};
use super::agenda::{key, kind_of, Agenda};
use super::breaker::{Outcome, Permit};
use super::client::{Client, Failure, Request, Tracker, NO_COST};
use super::trigger::Arrivals;
use super::verdict::{recovered_after, Watch};
use super::{
    math::ln_unit, summarize, Bin, Breaker, Budget, Inputs, Run, Trigger, BIN_MS, START_MS,
};
use crate::backoff::chacha::Keystreams;
use crate::backoff::{Params, Strategy};

/// Totals that the bins do not hold.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counts {
    pub requests: u64,
    pub given_up: u64,
    pub retries_sent: u64,
    pub retries_refused: u64,
    pub completed: u64,
    pub late: u64,
    pub max_outage_retries: u32,
    pub max_retries: u32,
    pub in_progress: u64,
    pub calls_in_flight: u64,
    pub rejected_by_breaker: u64,
    pub breaker_trips: u64,
}

/// Event kinds in the order they happen at one instant.
const COMPLETION: u8 = 0;
const TIMEOUT: u8 = 1;
const RETRY: u8 = 2;
const NEW_REQUEST: u8 = 3;

/// A request's arrival.
struct Arrival {
    client: u32,
    id: u32,
    t: f64,
}

struct Sim<'a> {
    inputs: &'a Inputs,
    strategy: Strategy,
    ranges: Vec<(f64, f64)>,
    base: f64,
    cap: f64,
    calls_max: u8,
    keys: Keystreams,
    tau: f64,
    outage: f64,
    end: f64,
    service: f64,
    /// A call's service time when it reaches the head during the trigger (a slowdown's
    /// 1/(C·F); else `service`).
    trigger_service: f64,
    /// Whether the trigger is an outage: the drop at 0, every call refused during it.
    down: bool,
    arrivals: Arrivals,
    mean_gap: f64,
    queue_limit: usize,
    clients: Vec<Client>,
    requests: Vec<Request>,
    free: Vec<u32>,
    agenda: Agenda,
    admitted: Admitted,
    in_service: Option<(Call, f64)>,
    next_call: u32,
    bins: Vec<Bin>,
    bin_now: usize,
    /// Where `bin_now` ends.
    bin_end: f64,
    counts: Counts,
    /// For a run made only for its verdict: the verdict being watched for.
    watch: Option<Watch>,
}

/// Simulates `strategy` under `budget` (SPEC §8), behind `breaker` (SPEC §10).
pub(crate) fn run(
    params: &Params,
    inputs: &Inputs,
    strategy: Strategy,
    budget: Budget,
    breaker: Breaker,
) -> Run {
    let mut sim = Sim::new(params, inputs, strategy, budget, breaker, false);
    sim.run();
    let end = sim.end;
    sim.counts.breaker_trips = sim
        .clients
        .iter_mut()
        .map(|c| u64::from(c.breaker.trips(end)))
        .sum();
    sim.counts.in_progress = (sim.requests.len() - sim.free.len()) as u64;
    sim.counts.calls_in_flight = sim
        .requests
        .iter()
        .filter(|r| r.call != 0 && r.admitted)
        .count() as u64;
    let summary = summarize(inputs, &sim.bins, &sim.counts);
    Run {
        strategy,
        budget,
        breaker,
        summary,
        bins: sim.bins,
    }
}

/// The verdict of `strategy` under `budget`, `recovered_after_ms`, from a run that stops as
/// soon as it is known: the same as [`run`]'s.
pub(crate) fn recovers(
    params: &Params,
    inputs: &Inputs,
    strategy: Strategy,
    budget: Budget,
) -> Option<f64> {
    recovered_after(inputs, &watched(params, inputs, strategy, budget))
}

/// The bins of a run that stops as soon as its verdict is known (those after the stop are
/// empty).
pub(crate) fn watched(
    params: &Params,
    inputs: &Inputs,
    strategy: Strategy,
    budget: Budget,
) -> Vec<Bin> {
    let mut sim = Sim::new(params, inputs, strategy, budget, Breaker::None, true);
    sim.run();
    sim.bins
}

impl<'a> Sim<'a> {
    fn new(
        params: &Params,
        inputs: &'a Inputs,
        strategy: Strategy,
        budget: Budget,
        breaker: Breaker,
        watch: bool,
    ) -> Sim<'a> {
        let n = params.clients();
        let clients = (0..n)
            .map(|c| Client::new(c, strategy, budget, breaker, inputs))
            .collect();
        let service = 1000.0 / inputs.capacity();
        let outage = inputs.outage().as_ms();
        let end = inputs.end_ms();
        let mut sim = Sim {
            inputs,
            strategy,
            ranges: params.ranges_ms(strategy),
            base: params.base().as_ms(),
            cap: params.cap().map_or(f64::INFINITY, |c| c.as_ms()),
            calls_max: params.attempts() as u8 + 1,
            keys: Keystreams::new(params.seed()),
            tau: inputs.timeout().as_ms(),
            outage,
            end,
            service,
            trigger_service: match inputs.trigger() {
                Trigger::Slowdown { degraded } => 1000.0 / (inputs.capacity() * degraded),
                _ => service,
            },
            down: inputs.trigger() == Trigger::Outage,
            arrivals: Arrivals {
                end: outage,
                surge: match inputs.trigger() {
                    Trigger::Surge { surge } => surge,
                    _ => 1.0,
                },
            },
            mean_gap: 1000.0 * f64::from(n) / inputs.demand(),
            queue_limit: inputs.queue().map_or(usize::MAX, |q| q as usize),
            clients,
            requests: Vec::new(),
            free: Vec::new(),
            agenda: Agenda::new(START_MS),
            admitted: Admitted::new(),
            in_service: None,
            next_call: 1,
            bins: vec![Bin::default(); inputs.bins()],
            bin_now: 0,
            bin_end: START_MS + BIN_MS,
            counts: Counts::default(),
            watch: watch.then(|| Watch::new(outage, end)),
        };
        for c in 0..n {
            sim.schedule_arrival(c, 0, START_MS);
        }
        sim
    }

    /// Takes events in order until the end (or, watching, until the verdict is known).
    /// Handlers record into the bin of the event being handled, `bin_now`.
    fn run(&mut self) {
        // Only an outage drops what the service holds at 0.
        let mut dropped = !self.down;
        loop {
            // The earliest of the three sources; at one instant completions, then timeouts, then
            // the agenda (retries, then new requests). Times are never NaN.
            let tc = self.in_service.map_or(f64::INFINITY, |(_, t)| t);
            let tt = self.admitted.next_timeout(self.tau);
            let ta = self.agenda.peek().map_or(f64::INFINITY, |f| f.t);
            let (t, kind) = if tc <= tt && tc <= ta {
                (tc, COMPLETION)
            } else if tt <= ta {
                (tt, TIMEOUT)
            } else {
                (ta, RETRY)
            };
            if t >= self.end || self.watch.is_some_and(|w| w.known) {
                break;
            }
            if !dropped && (t > 0.0 || (t == 0.0 && kind > COMPLETION)) {
                dropped = true;
                self.advance_bins(0.0);
                self.drop_all();
                continue;
            }
            self.advance_bins(t);
            match kind {
                COMPLETION => self.complete(t),
                TIMEOUT => {
                    let call = self.admitted.take_timeout();
                    if self.requests[call.slot as usize].call == call.id {
                        self.fail(call.slot, t, call.sent, Failure::TimedOut);
                    }
                }
                _ => {
                    let f = self.agenda.pop().expect("peeked");
                    if kind_of(f.key) == RETRY {
                        self.send(f.timer - self.clients.len() as u32, f.t, true);
                    } else {
                        self.arrive(f.timer, f.key as u32, f.t);
                    }
                }
            }
        }
        let queue = self.admitted.waiting() as u32;
        for b in &mut self.bins[self.bin_now..] {
            b.queue = queue;
        }
    }

    /// The bin b with START + 100·b ≤ t < START + 100·(b + 1) (the edges are whole numbers,
    /// exact as doubles; the quotient is only a first guess), the last one at most.
    fn bin(&self, t: f64) -> usize {
        let mut b = ((t - START_MS) / BIN_MS) as usize;
        while START_MS + (b + 1) as f64 * BIN_MS <= t {
            b += 1;
        }
        while b > 0 && START_MS + b as f64 * BIN_MS > t {
            b -= 1;
        }
        b.min(self.bins.len() - 1)
    }

    /// Records the queue at the end of every bin before the one of `t`, and makes that bin the
    /// current one.
    #[inline]
    fn advance_bins(&mut self, t: f64) {
        if t < self.bin_end {
            return;
        }
        let b = self.bin(t);
        self.bin_end = START_MS + (b + 1) as f64 * BIN_MS;
        let queue = self.admitted.waiting() as u32;
        while self.bin_now < b {
            self.bins[self.bin_now].queue = queue;
            self.bin_now += 1;
        }
        if self.watch.is_some() {
            self.judge();
        }
    }

    /// Judges the seconds whose bins are final (those before `bin_now`).
    #[cold]
    fn judge(&mut self) {
        if let Some(w) = &mut self.watch {
            w.see(&self.bins[..self.bin_now], self.end);
        }
    }

    /// Client c's next request, `id`, one gap after `after` (none after the end).
    fn schedule_arrival(&mut self, client: u32, id: u32, after: f64) {
        let u = self.clients[client as usize].gaps.unit(&self.keys);
        let t = self.arrivals.next(after, -ln_unit(1.0 - u) * self.mean_gap);
        // Timer c is client c's next request.
        self.schedule(client, t, key(NEW_REQUEST, client, id));
    }

    /// Sets a timer, unless it would fire at or after the end.
    fn schedule(&mut self, timer: u32, t: f64, key: u64) {
        if t < self.end {
            self.agenda.set(timer, t, key);
        }
    }

    /// Request `id` of `client` arrives at `t`.
    fn arrive(&mut self, client: u32, id: u32, t: f64) {
        let e = Arrival { client, id, t };
        self.schedule_arrival(e.client, e.id + 1, e.t);
        self.counts.requests += 1;
        let b = self.bin_now;
        self.bins[b].new_requests += 1;
        if let Tracker::Finagle(f) = &mut self.clients[e.client as usize].tracker {
            f.deposit(e.t.floor() as i64);
        }
        let request = Request {
            client: e.client,
            id: e.id,
            calls: 0,
            prev_wait: self.base,
            last_cost: NO_COST,
            ticket: 0,
            call: 0,
            retry: false,
            admitted: false,
        };
        let slot = match self.free.pop() {
            Some(slot) => {
                self.requests[slot as usize] = request;
                slot
            }
            None => {
                self.requests.push(request);
                (self.requests.len() - 1) as u32
            }
        };
        self.send(slot, e.t, false);
    }

    fn send(&mut self, slot: u32, t: f64, retry: bool) {
        let id = self.next_call;
        self.next_call += 1;
        let req = &mut self.requests[slot as usize];
        req.calls += 1;
        req.call = id;
        req.retry = retry;
        let c = req.client as usize;
        let b = self.bin_now;
        let in_outage = t >= 0.0 && t < self.outage;
        if retry {
            self.counts.retries_sent += 1;
            self.bins[b].retries_sent += 1;
            let client = &mut self.clients[c];
            client.retries += 1;
            self.counts.max_retries = self.counts.max_retries.max(client.retries);
            if in_outage {
                client.outage_retries += 1;
                self.counts.max_outage_retries =
                    self.counts.max_outage_retries.max(client.outage_retries);
            }
        }
        let client = &mut self.clients[c];
        if let Tracker::Sre(sre) = &mut client.tracker {
            let (throttle, stream) = &mut **sre;
            let p = throttle.probability(t);
            let u = stream.unit(&self.keys);
            throttle.record_request(t);
            if u < p {
                return self.fail(slot, t, t, Failure::Local);
            }
        }
        if !client.breaker.is_none() {
            match client.breaker.permit(t) {
                Permit::Yes(ticket) => self.requests[slot as usize].ticket = ticket,
                Permit::No => return self.fail(slot, t, t, Failure::Breaker),
            }
        }
        self.bins[b].calls += 1;
        if retry {
            self.bins[b].retry_calls += 1;
        }
        if in_outage && self.down {
            return self.fail(slot, t, t, Failure::Refused);
        }
        if self.in_service.is_some() && self.admitted.waiting() >= self.queue_limit {
            return self.fail(slot, t, t, Failure::Rejected);
        }
        self.requests[slot as usize].admitted = true;
        if let Tracker::Envoy(e) = &mut self.clients[c].tracker {
            e.in_flight += 1;
        }
        self.admitted.push(Call { id, slot, sent: t });
        if self.in_service.is_none() {
            self.start_next(t);
        }
    }

    /// The server, free at `t`, takes the next call it will serve (skipping, with `shed`, those
    /// that cannot finish in time).
    fn start_next(&mut self, t: f64) {
        // A slowdown's service time for a call reaching the head during it.
        let service = if t >= 0.0 && t < self.outage {
            self.trigger_service
        } else {
            self.service
        };
        while let Some(call) = self.admitted.next_to_serve() {
            if self.inputs.shed() && t + service > call.sent + self.tau {
                continue;
            }
            self.in_service = Some((call, t + service));
            return;
        }
    }

    fn complete(&mut self, t: f64) {
        let (call, _) = self.in_service.take().expect("a call in service");
        self.counts.completed += 1;
        if t <= call.sent + self.tau {
            self.succeed(call.slot, t, call.sent);
        } else {
            self.counts.late += 1;
        }
        self.start_next(t);
    }

    /// The outage begins: every admitted call not yet ended fails, refused, by client and
    /// request; the server is left empty.
    fn drop_all(&mut self) {
        let held = self.in_service.take().map(|(c, _)| c);
        let mut live: Vec<(u32, u32, u32, f64)> = held
            .into_iter()
            .chain(std::iter::from_fn(|| self.admitted.next_to_serve()))
            .filter(|c| self.requests[c.slot as usize].call == c.id)
            .map(|c| {
                let r = &self.requests[c.slot as usize];
                (r.client, r.id, c.slot, c.sent)
            })
            .collect();
        live.sort_unstable_by_key(|&(client, id, _, _)| (client, id));
        for (_, _, slot, sent) in live {
            self.fail(slot, 0.0, sent, Failure::Dropped);
        }
    }

    /// The end of a call in progress: it is no longer in flight, and a retry's Envoy slot is
    /// released.
    fn end_call(&mut self, slot: u32) -> &mut Request {
        let req = &mut self.requests[slot as usize];
        req.call = 0;
        let was_admitted = std::mem::take(&mut req.admitted);
        if let Tracker::Envoy(e) = &mut self.clients[req.client as usize].tracker {
            if was_admitted {
                e.in_flight -= 1;
            }
            if req.retry {
                e.outstanding -= 1;
            }
        }
        &mut self.requests[slot as usize]
    }

    fn succeed(&mut self, slot: u32, t: f64, sent: f64) {
        let b = self.bin_now;
        self.bins[b].succeeded += 1;
        let req = self.end_call(slot);
        let (last_cost, ticket) = (req.last_cost, req.ticket);
        let c = req.client as usize;
        let set = self.inputs.settings();
        let outcome = Outcome {
            ok: true,
            duration: t - sent,
        };
        self.clients[c].breaker.record(t, ticket, outcome, false);
        match &mut self.clients[c].tracker {
            Tracker::Grpc(g) => g.record_success(),
            Tracker::Aws(q) => q.release(if last_cost == NO_COST {
                set.aws_no_retry_increment
            } else {
                last_cost
            }),
            Tracker::Linkerd(l) => l.deposit(t),
            Tracker::Sre(s) => s.0.record_accept(t),
            Tracker::None | Tracker::Finagle(_) | Tracker::Envoy(_) => {}
        }
        self.release(slot);
    }

    /// The call in progress of the request in `slot`, sent at `sent`, fails at `t`.
    fn fail(&mut self, slot: u32, t: f64, sent: f64, how: Failure) {
        let b = self.bin_now;
        let bin = &mut self.bins[b];
        match how {
            Failure::Refused | Failure::Dropped => bin.refused += 1,
            Failure::Rejected => bin.rejected += 1,
            Failure::TimedOut => bin.timed_out += 1,
            Failure::Local => bin.rejected_locally += 1,
            Failure::Breaker => {
                bin.rejected_by_breaker += 1;
                self.counts.rejected_by_breaker += 1;
            }
        }
        let calls_max = self.calls_max;
        let set = self.inputs.settings();
        let req = self.end_call(slot);
        let left = req.calls < calls_max;
        let (c, ticket) = (req.client as usize, req.ticket);
        // A call the breaker permitted records its failure when it ends; one it rejected (or
        // the throttle did) was never sent.
        if !matches!(how, Failure::Local | Failure::Breaker) {
            let outcome = Outcome {
                ok: false,
                duration: t - sent,
            };
            let sending = matches!(how, Failure::Refused | Failure::Rejected);
            self.clients[c].breaker.record(t, ticket, outcome, sending);
        }
        // Some(true): retry; Some(false): the budget refused; None: no retry to refuse.
        let decision = match &mut self.clients[c].tracker {
            Tracker::None => left.then_some(true),
            Tracker::Grpc(g) => {
                let allowed = g.record_failure();
                left.then_some(allowed)
            }
            Tracker::Aws(q) => left.then(|| {
                let cost = if how == Failure::TimedOut {
                    set.aws_timeout_cost
                } else {
                    set.aws_retry_cost
                };
                let ok = q.acquire(cost);
                if ok {
                    self.requests[slot as usize].last_cost = cost;
                }
                ok
            }),
            Tracker::Finagle(f) => left.then(|| f.try_withdraw(t.floor() as i64)),
            Tracker::Linkerd(l) => left.then(|| l.withdraw(t)),
            Tracker::Envoy(e) => left.then(|| e.try_retry()),
            Tracker::Sre(_) => (left && how != Failure::Local).then_some(true),
        };
        match decision {
            Some(true) => self.schedule_retry(slot, t),
            Some(false) => {
                self.bins[b].budget_refused += 1;
                self.counts.retries_refused += 1;
                self.give_up(slot);
            }
            None => self.give_up(slot),
        }
    }

    fn schedule_retry(&mut self, slot: u32, t: f64) {
        let req = &mut self.requests[slot as usize];
        let n = req.calls as usize;
        let (lo, hi) = self.ranges[n - 1];
        let waits = &mut self.clients[req.client as usize].waits;
        let wait = match self.strategy {
            Strategy::Full | Strategy::Equal => lo + waits.unit(&self.keys) * (hi - lo),
            Strategy::Decorrelated => {
                let u = waits.unit(&self.keys);
                (self.base + u * (3.0 * req.prev_wait - self.base)).min(self.cap)
            }
            Strategy::None => lo,
        };
        req.prev_wait = wait;
        // Timer N + s is the retry of the request in slot s.
        let k = key(RETRY, req.client, req.id);
        self.schedule(self.clients.len() as u32 + slot, t + wait, k);
    }

    fn give_up(&mut self, slot: u32) {
        self.counts.given_up += 1;
        self.release(slot);
    }

    fn release(&mut self, slot: u32) {
        self.requests[slot as usize].call = 0;
        self.free.push(slot);
    }
}
