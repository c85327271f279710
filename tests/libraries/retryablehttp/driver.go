// Draws delays from Debian's hashicorp/go-retryablehttp (GOPATH mode), for
// tests/libraries_real.rs.
//
// Reads a job from standard input: {"sets": [{base_ms, factor, cap_ms, attempts}], "runs",
// "snippet"}. Prints one line per parameter set and retry: "SET RETRY v1 v2 ...", each v a delay
// in nanoseconds.
//
// Without "snippet", each retry's wait is DefaultBackoff's, asked with the attempt number Do
// passes (from 0). With it, the client is the one sade's snippet builds (newClient, in
// policy.go), its requests go to a local server that answers 503, and its Backoff is wrapped to
// record each wait Do asks for and to wait 0 instead.
package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type set struct {
	BaseMs   float64  `json:"base_ms"`
	Factor   float64  `json:"factor"`
	CapMs    *float64 `json:"cap_ms"`
	Attempts int      `json:"attempts"`
}

type job struct {
	Sets    []set `json:"sets"`
	Runs    int   `json:"runs"`
	Snippet bool  `json:"snippet"`
}

// bounds are the RetryWaitMin and RetryWaitMax sade's model gives the library.
func bounds(s set) (time.Duration, time.Duration) {
	min := time.Duration(s.BaseMs*1e6 + 0.5)
	if s.CapMs != nil {
		return min, time.Duration(*s.CapMs*1e6 + 0.5)
	}
	last := float64(min)
	for k := 1; k < s.Attempts; k++ {
		last *= 2
	}
	if last >= 9223372036854775807 {
		return min, time.Duration(9223372036854774784)
	}
	return min, time.Duration(last)
}

func direct(s set, runs int) [][]string {
	min, max := bounds(s)
	out := make([][]string, s.Attempts)
	for n := range out {
		for r := 0; r < runs; r++ {
			d := retryablehttp.DefaultBackoff(min, max, n, nil)
			out[n] = append(out[n], strconv.FormatInt(int64(d), 10))
		}
	}
	return out
}

func snippet(s set, runs int, url string) [][]string {
	out := make([][]string, s.Attempts)
	for r := 0; r < runs; r++ {
		client := newClient()
		client.Logger = nil
		var waits []time.Duration
		inner := client.Backoff
		client.Backoff = func(min, max time.Duration, n int, resp *http.Response) time.Duration {
			waits = append(waits, inner(min, max, n, resp))
			return 0
		}
		resp, err := client.Get(url)
		if err == nil {
			resp.Body.Close()
		}
		if len(waits) != s.Attempts {
			fmt.Fprintf(os.Stderr, "%d waits, expected %d\n", len(waits), s.Attempts)
			os.Exit(1)
		}
		for n, d := range waits {
			out[n] = append(out[n], strconv.FormatInt(int64(d), 10))
		}
	}
	return out
}

func main() {
	var j job
	if err := json.NewDecoder(os.Stdin).Decode(&j); err != nil {
		panic(err)
	}
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer server.Close()
	var b strings.Builder
	for i, s := range j.Sets {
		var retries [][]string
		if j.Snippet {
			retries = snippet(s, j.Runs, server.URL)
		} else {
			retries = direct(s, j.Runs)
		}
		for n, values := range retries {
			fmt.Fprintf(&b, "%d %d %s\n", i, n+1, strings.Join(values, " "))
		}
	}
	os.Stdout.WriteString(b.String())
}
