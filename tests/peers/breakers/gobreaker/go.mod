module breakers-peers/gobreaker

go 1.19

require github.com/sony/gobreaker/v2 v2.4.0

// record.sh puts gobreaker v2.4.0's v2/ folder here, with its edits for Go 1.19 and the clock.
replace github.com/sony/gobreaker/v2 => ./gobreaker-v2
