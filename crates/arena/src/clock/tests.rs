use super::*;

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

fn tc(text: &str) -> TimeControl {
    text.parse().unwrap()
}

#[test]
fn the_notation_reads_fischer_and_canadian_clocks_and_writes_them_back() {
    let fischer = |main, increment| TimeControl::Fischer {
        main: ms(main),
        increment: ms(increment),
    };
    assert_eq!(tc("60+0.5"), fischer(60_000, 500));
    assert_eq!(tc("60"), fischer(60_000, 0));
    assert_eq!(tc("0.25+0.125"), fischer(250, 125));
    let canadian = |main, stones, period| TimeControl::Canadian {
        main: ms(main),
        stones,
        period: ms(period),
    };
    assert_eq!(tc("600+25/300"), canadian(600_000, 25, 300_000));
    assert_eq!(tc("40/60"), canadian(0, 40, 60_000));
    for text in [
        "60+0.5",
        "60+0",
        "0.25+0.125",
        "600+25/300",
        "0+40/60",
        "1.5+1/0.75",
    ] {
        assert_eq!(tc(text).to_string(), text);
    }
}

#[test]
fn nonsense_is_refused_with_what_would_be_right() {
    let problem = |text: &str| text.parse::<TimeControl>().unwrap_err().problem;
    assert_eq!(problem("0+1"), "a Fischer clock needs main time above 0");
    assert_eq!(problem("0"), "a Fischer clock needs main time above 0");
    assert_eq!(problem("60+x"), "the increment is not seconds");
    assert_eq!(problem("-1+1"), "the main time is not seconds");
    assert_eq!(problem("1.0001+1"), "the main time is not seconds");
    assert_eq!(problem("86401"), "the main time is not seconds");
    assert_eq!(problem(""), "the main time is not seconds");
    assert_eq!(problem("40/60+0.6"), "byo-yomi has no increment");
    assert_eq!(
        problem("60+0/10"),
        "the stones are not a number from 1 to 1000"
    );
    assert_eq!(problem("60+5/0"), "the period is not seconds above 0");
    let words = "1+x".parse::<TimeControl>().unwrap_err().to_string();
    assert_eq!(
        words,
        "\"1+x\" is not a time control (the increment is not seconds): write MAIN+INC in \
         seconds (Fischer, e.g. 60+0.5) or MAIN+STONES/PERIOD (Canadian byo-yomi, e.g. \
         600+25/300)"
    );
    assert!(!words.contains('\n'));
}

#[test]
fn gtp_is_told_the_settings_in_whole_seconds() {
    assert_eq!(tc("60+0.5").time_settings(), "time_settings 60 0 0");
    assert_eq!(tc("0.5+1").time_settings(), "time_settings 1 0 0");
    assert_eq!(tc("600+25/300").time_settings(), "time_settings 600 300 25");
    assert_eq!(tc("2/1.5").time_settings(), "time_settings 0 2 2");
    assert_eq!(
        ClockReading::Main(ms(9_999)).time_left("b"),
        "time_left b 9 0"
    );
    let period = ClockReading::Period {
        left: ms(2_500),
        stones: 3,
    };
    assert_eq!(period.time_left("w"), "time_left w 2 3");
}

#[test]
fn a_fischer_clock_loses_what_a_move_took_and_gains_the_increment() {
    let mut clock = Clock::new(tc("1+0.5"));
    assert_eq!(clock.allowance(), ms(1_000));
    assert_eq!(clock.charge(ms(300), Duration::ZERO), Ok(ms(700)));
    assert_eq!(clock.reading(), ClockReading::Main(ms(1_200)));
    for _ in 0..10 {
        clock.charge(ms(300), Duration::ZERO).unwrap();
    }
    assert_eq!(clock.allowance(), ms(3_200));
    let mut no_increment = Clock::new(tc("1+0"));
    let taken: Vec<_> = (0..4)
        .map(|_| no_increment.charge(ms(300), Duration::ZERO))
        .collect();
    assert_eq!(taken[..3], [Ok(ms(700)), Ok(ms(400)), Ok(ms(100))]);
    assert_eq!(
        taken[3],
        Err(Loss::OutOfTime {
            left_ms: 100,
            margin_ms: 0,
            took_ms: Some(300),
        })
    );
}

#[test]
fn the_margin_lets_a_slightly_late_reply_pass_and_leaves_the_clock_at_zero() {
    let mut clock = Clock::new(tc("1+0.5"));
    assert_eq!(clock.charge(ms(1_200), ms(300)), Ok(Duration::ZERO));
    assert_eq!(clock.allowance(), ms(500));
    assert!(clock.charge(ms(900), ms(300)).is_err());
    assert_eq!(
        clock.ran_out(ms(300)).to_string(),
        "lost on time: 0.500 s left and a margin of 0.300 s, no reply within 0.800 s"
    );
}

#[test]
fn canadian_byo_yomi_begins_its_period_again_after_its_stones() {
    let mut clock = Clock::new(tc("1+2/3"));
    assert_eq!(clock.reading(), ClockReading::Main(ms(1_000)));
    assert_eq!(clock.allowance(), ms(4_000));
    // Runs 0.5 s past its main time into the first period: one stone of two played in it.
    assert_eq!(clock.charge(ms(1_500), Duration::ZERO), Ok(ms(2_500)));
    let first = ClockReading::Period {
        left: ms(2_500),
        stones: 1,
    };
    assert_eq!(clock.reading(), first);
    assert_eq!(clock.charge(ms(2_000), Duration::ZERO), Ok(ms(500)));
    let fresh = ClockReading::Period {
        left: ms(3_000),
        stones: 2,
    };
    assert_eq!(clock.reading(), fresh);
    assert_eq!(clock.allowance(), ms(3_000));
    assert!(clock.charge(ms(3_001), Duration::ZERO).is_err());
    let mut no_main = Clock::new(tc("1/2"));
    assert_eq!(
        no_main.reading(),
        ClockReading::Period {
            left: ms(2_000),
            stones: 1
        }
    );
    assert_eq!(no_main.charge(ms(1_900), Duration::ZERO), Ok(ms(100)));
    assert_eq!(no_main.allowance(), ms(2_000));
}
