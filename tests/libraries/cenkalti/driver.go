// Draws delays from Debian's cenkalti/backoff (GOPATH mode), for tests/libraries_real.rs.
//
// Reads a job from standard input: {"sets": [{base_ms, factor, cap_ms, attempts}], "runs",
// "seed"}. Prints one line per parameter set and retry: "SET RETRY v1 v2 ...", each v a delay
// in nanoseconds. Each run builds the policy as sade's snippet does (newBackOff, in policy.go:
// the snippet itself, or the library's fields set from the job), calls Reset as backoff.Retry
// does, then asks NextBackOff for each retry.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"time"

	"github.com/cenkalti/backoff/v4"
)

type set struct {
	BaseMs   float64  `json:"base_ms"`
	Factor   float64  `json:"factor"`
	CapMs    *float64 `json:"cap_ms"`
	Attempts int      `json:"attempts"`
}

type job struct {
	Sets []set `json:"sets"`
	Runs int   `json:"runs"`
	Seed int64 `json:"seed"`
}

// fromJob is the policy of one parameter set, built from the library's own fields.
func fromJob(s set) backoff.BackOff {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = time.Duration(s.BaseMs*1e6 + 0.5)
	b.RandomizationFactor = 0.5
	b.Multiplier = s.Factor
	if s.CapMs != nil {
		b.MaxInterval = time.Duration(*s.CapMs*1e6 + 0.5)
	} else {
		b.MaxInterval = time.Duration(1<<63 - 1)
	}
	b.MaxElapsedTime = 0
	return backoff.WithMaxRetries(b, uint64(s.Attempts))
}

func main() {
	var j job
	if err := json.NewDecoder(os.Stdin).Decode(&j); err != nil {
		panic(err)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for i, s := range j.Sets {
		rand.Seed(j.Seed + int64(i))
		retries := make([][]int64, s.Attempts)
		for r := 0; r < j.Runs; r++ {
			b := policy(i, s)
			b.Reset()
			for n := 0; n < s.Attempts; n++ {
				d := b.NextBackOff()
				if d == backoff.Stop {
					panic(fmt.Sprintf("set %d: stopped after %d retries", i, n))
				}
				retries[n] = append(retries[n], int64(d))
			}
			if b.NextBackOff() != backoff.Stop {
				panic("more retries than asked for")
			}
		}
		for n, values := range retries {
			fmt.Fprintf(out, "%d %d", i, n+1)
			for _, v := range values {
				out.WriteByte(' ')
				out.WriteString(strconv.FormatInt(v, 10))
			}
			out.WriteByte('\n')
		}
	}
}
