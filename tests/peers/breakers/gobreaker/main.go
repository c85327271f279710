// Drives sony/gobreaker's TwoStepCircuitBreaker (v2.4.0) through seeded random call sequences
// in exact virtual time and prints every decision as a trace (format: record.sh's header).
//
// A call asks Allow(); a permitted call later reports through its done(err) (nil: success),
// which keeps permission and outcome apart as overlapping and late calls need. gobreaker reads
// the time through nowFunc, which record.sh adds in place of time.Now(); the driver sets it.
package main

import (
	"bufio"
	"container/heap"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	gb "github.com/sony/gobreaker/v2"
)

// A scenario: its name, seed, number of events and the settings (sade's names) that differ
// from the defaults, in order.
type scenario struct {
	name     string
	seed     uint64
	events   int
	settings [][2]string
}

var scenarios = []scenario{
	{"defaults", 11, 4000, nil},
	{"timeout1000-cf2", 312, 3000, [][2]string{
		{"gobreaker-timeout", "1000"}, {"gobreaker-consecutive-failures", "2"}}},
	{"max3-timeout1000-cf0", 113, 3000, [][2]string{
		{"gobreaker-max-requests", "3"}, {"gobreaker-timeout", "1000"},
		{"gobreaker-consecutive-failures", "0"}}},
	{"max3-timeout1000", 314, 3000, [][2]string{
		{"gobreaker-max-requests", "3"}, {"gobreaker-timeout", "1000"}}},
	{"max2-timeout500-cf1", 115, 3000, [][2]string{
		{"gobreaker-max-requests", "2"}, {"gobreaker-timeout", "500"},
		{"gobreaker-consecutive-failures", "1"}}},
}

func main() {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, s := range scenarios {
		fmt.Fprintf(out, "scenario %s\n", s.name)
		for _, kv := range s.settings {
			fmt.Fprintf(out, "set %s %s\n", kv[0], kv[1])
		}
		r := newRun(s)
		r.run()
		out.WriteString(strings.Join(r.lines, "\n"))
		out.WriteString("\n")
	}
}

// The library behind the generator: gobreaker with the scenario's settings.
type breaker struct {
	cb     *gb.TwoStepCircuitBreaker[any]
	now    time.Time
	waitMs int64 // Timeout, ms, for the generator
}

var epoch = time.Unix(0, 0)
var errFailed = errors.New("failed call")

func newBreaker(settings [][2]string) *breaker {
	b := &breaker{now: epoch, waitMs: 60_000}
	gb.SetNow(func() time.Time { return b.now })
	var st gb.Settings
	for _, kv := range settings {
		var v uint32
		fmt.Sscan(kv[1], &v)
		switch kv[0] {
		case "gobreaker-max-requests":
			st.MaxRequests = v
		case "gobreaker-timeout":
			st.Timeout = time.Duration(v) * time.Millisecond
			b.waitMs = int64(v)
		case "gobreaker-consecutive-failures":
			// The default ReadyToTrip is `counts.ConsecutiveFailures > 5`; only another bound
			// needs a function of its own.
			n := v
			st.ReadyToTrip = func(c gb.Counts) bool { return c.ConsecutiveFailures > n }
		default:
			panic(kv[0])
		}
	}
	b.cb = gb.NewTwoStepCircuitBreaker[any](st) // created at t = 0
	return b
}

func (b *breaker) at(t int64) { b.now = epoch.Add(time.Duration(t) * time.Millisecond) }

// call asks for permission at t: the outcome's callback, or nil when rejected.
func (b *breaker) call(t int64) func(error) {
	b.at(t)
	done, err := b.cb.Allow()
	if err != nil {
		if err != gb.ErrOpenState && err != gb.ErrTooManyRequests {
			panic(err)
		}
		return nil
	}
	return done
}

func (b *breaker) outcome(t int64, done func(error), ok bool) {
	b.at(t)
	if ok {
		done(nil)
	} else {
		done(errFailed)
	}
}

// state reads State() at the last event's time (where it changes nothing: that event's own
// currentState already ran at the same instant).
func (b *breaker) state() string {
	switch b.cb.State() {
	case gb.StateClosed:
		return "closed"
	case gb.StateOpen:
		return "open"
	case gb.StateHalfOpen:
		return "half-open"
	}
	panic("unknown state")
}

// SplitMix64: the same numbers as the Java drivers' Rng.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
func (r *rng) below(n int64) int64 { return int64(r.next() % uint64(n)) }
func (r *rng) unit() float64       { return float64(r.next()>>11) * (1.0 / (1 << 53)) }
func (r *rng) coin() bool          { return r.next()&1 == 0 }

// A permitted call whose outcome is still to come.
type pending struct {
	end, seq, start int64
	id              int
	ok              bool
	done            func(error)
}

// Outcomes within 300 ms take a slot of the phase's concurrency; later ones do not.
func (p *pending) quick() bool { return p.end-p.start <= 300 }

type queue []*pending

func (q queue) Len() int { return len(q) }
func (q queue) Less(i, j int) bool {
	return q[i].end < q[j].end || (q[i].end == q[j].end && q[i].seq < q[j].seq)
}
func (q queue) Swap(i, j int)  { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)    { *q = append(*q, x.(*pending)) }
func (q *queue) Pop() any      { old := *q; p := old[len(old)-1]; *q = old[:len(old)-1]; return p }
func (q queue) peek() *pending { return q[0] }

var failureProbabilities = []float64{0, 0.05, 0.3, 0.5, 0.9, 1}

// The generator, as in the Java drivers: phases of random length, each with a failure probability
// and a number of calls in flight (1–8); time steps of 0–50 ms with ties and long pauses; outcomes
// after 0–300 ms, some much later (after the breaker opened or turned half-open), before or after
// the calls of their ms at random. While open it mostly skips to just before the timeout ends, and
// for some openings it calls at exactly opened + timeout − 1, + 0 and + 1 ms.
type run struct {
	s                   scenario
	cb                  *breaker
	rng                 rng
	pending             queue
	probes              []int64 // sorted
	lines               []string
	t, seq              int64
	nextID              int
	quickInFlight       int
	rejectedInARow      int
	phaseLeft           int64
	failureProbability  float64
	concurrency         int64
	state               string
	openedAt, probedFor int64
}

func newRun(s scenario) *run {
	return &run{s: s, cb: newBreaker(s.settings), rng: rng{s.seed}, nextID: 1,
		state: "closed", openedAt: -1, probedFor: -1}
}

func (r *run) run() {
	for len(r.lines) < r.s.events {
		if r.phaseLeft <= 0 {
			r.newPhase()
		}
		next := r.plannedCallTime()
		outcomesFirst := r.rng.coin()
		for {
			if len(r.probes) > 0 && r.probes[0] < next {
				next = r.probes[0]
			}
			if len(r.pending) == 0 {
				break
			}
			p := r.pending.peek()
			if p.end > next || (p.end == next && !outcomesFirst) {
				break
			}
			r.deliver(heap.Pop(&r.pending).(*pending))
		}
		r.t = next
		probe := len(r.probes) > 0 && r.probes[0] == r.t
		if probe {
			r.probes = r.probes[1:]
		}
		var calls int64
		if probe {
			calls = 1
			if r.rng.below(3) == 0 {
				calls = 2
			}
		} else {
			calls = r.callsNow()
		}
		for i := int64(0); i < calls; i++ {
			r.call()
		}
	}
}

func (r *run) newPhase() {
	r.phaseLeft = 10 + r.rng.below(250)
	r.failureProbability = failureProbabilities[r.rng.below(int64(len(failureProbabilities)))]
	r.concurrency = 1 + r.rng.below(8)
}

func (r *run) plannedCallTime() int64 {
	reopen := r.openedAt + r.cb.waitMs
	if r.state == "open" && r.t < reopen-300 && r.rng.unit() < 0.7 {
		return reopen - 300 + r.rng.below(300)
	}
	// Half-open with its permits taken: wait for the next outcome (a call at its very ms or just
	// after) rather than be rejected for its whole duration.
	if r.state == "half-open" && r.rejectedInARow >= 8 && len(r.pending) > 0 && r.rng.unit() < 0.7 {
		return max64(r.t, r.pending.peek().end+r.rng.below(2))
	}
	x := r.rng.unit()
	if x < 0.15 {
		return r.t
	}
	if x < 0.17 {
		return r.t + 1 + r.rng.below(min64(r.cb.waitMs, 20_000))
	}
	return r.t + 1 + r.rng.below(50)
}

func (r *run) callsNow() int64 {
	free := r.concurrency - int64(r.quickInFlight)
	if free <= 0 {
		return 0
	}
	if r.rng.unit() < 0.3 {
		return 1 + r.rng.below(free)
	}
	return 1
}

func (r *run) duration() int64 {
	x := r.rng.unit()
	if x < 0.08 {
		return 0
	}
	if x < 0.12 {
		return 301 + r.rng.below(r.cb.waitMs*3/2)
	}
	return 1 + r.rng.below(300)
}

func (r *run) call() {
	id := r.nextID
	r.nextID++
	r.phaseLeft--
	done := r.cb.call(r.t)
	verdict := "no"
	if done != nil {
		verdict = "yes"
	}
	r.lines = append(r.lines, fmt.Sprintf("call %d %d %s %s", r.t, id, verdict, r.observe()))
	if done == nil {
		r.rejectedInARow++
		return
	}
	r.rejectedInARow = 0
	ok := r.rng.unit() >= r.failureProbability
	p := &pending{end: r.t + r.duration(), seq: r.seq, start: r.t, id: id, ok: ok, done: done}
	r.seq++
	heap.Push(&r.pending, p)
	if p.quick() {
		r.quickInFlight++
	}
}

func (r *run) deliver(p *pending) {
	r.t = p.end
	dur := r.t - p.start
	r.cb.outcome(r.t, p.done, p.ok)
	kind := "fail"
	if p.ok {
		kind = "ok"
	}
	r.lines = append(r.lines, fmt.Sprintf("%s %d %d %d pre %s", kind, r.t, p.id, dur, r.observe()))
	if p.quick() {
		r.quickInFlight--
	}
}

// observe returns the state after an event; on a new opening, maybe probes at its timeout's end.
func (r *run) observe() string {
	s := r.cb.state()
	if s == "open" && r.state != "open" {
		r.openedAt = r.t
	}
	r.state = s
	if s == "open" && r.probedFor != r.openedAt {
		r.probedFor = r.openedAt
		// Half the time the outage that opened it ends now: a new phase.
		if r.rng.coin() {
			r.phaseLeft = 0
		}
		if r.rng.unit() < 0.6 {
			for d := int64(-1); d <= 1; d++ {
				r.addProbe(r.openedAt + r.cb.waitMs + d)
			}
		}
	}
	return s
}

func (r *run) addProbe(at int64) {
	i := sort.Search(len(r.probes), func(i int) bool { return r.probes[i] >= at })
	if i < len(r.probes) && r.probes[i] == at {
		return
	}
	r.probes = append(r.probes, 0)
	copy(r.probes[i+1:], r.probes[i:])
	r.probes[i] = at
}

func max64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

func min64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}
