module sadedriver

go 1.19

require github.com/cenkalti/backoff/v4 v4.1.3

replace github.com/cenkalti/backoff/v4 => /usr/share/gocode/src/github.com/cenkalti/backoff
