use super::*;

fn heading(level: u8, id: &str) -> Heading {
    Heading {
        level,
        id: id.to_string(),
        text: id.to_uppercase(),
    }
}

#[test]
fn contents_nest_level_three_under_level_two() {
    let hs = [
        heading(3, "intro"),
        heading(2, "a"),
        heading(3, "a1"),
        heading(4, "deep"),
        heading(3, "a2"),
        heading(2, "b&c"),
        heading(1, "top"),
        heading(2, "c"),
        heading(3, "c1"),
    ];
    assert_eq!(
        contents(&hs, None),
        "<ol>\n\
         <li><a href=\"#intro\">INTRO</a></li>\n\
         <li><a href=\"#a\">A</a>\n<ol>\n\
         <li><a href=\"#a1\">A1</a></li>\n\
         <li><a href=\"#a2\">A2</a></li>\n</ol>\n</li>\n\
         <li><a href=\"#b&amp;c\">B&amp;C</a></li>\n\
         <li><a href=\"#c\">C</a>\n<ol>\n\
         <li><a href=\"#c1\">C1</a></li>\n</ol>\n</li>\n</ol>\n"
    );
}

#[test]
fn contents_show_from_three_headings_unless_front_matter_says() {
    let two = [
        heading(2, "a"),
        heading(3, "b"),
        heading(4, "c"),
        heading(1, "d"),
    ];
    let three = [heading(2, "a"), heading(2, "b"), heading(3, "c")];
    let two_listed = "<ol>\n<li><a href=\"#a\">A</a>\n<ol>\n<li><a href=\"#b\">B</a></li>\n</ol>\n</li>\n</ol>\n";
    assert_eq!(contents(&two, None), "");
    assert!(contents(&three, None).starts_with("<ol>\n<li><a href=\"#a\">A</a></li>\n<li>"));
    assert_eq!(contents(&two, Some(true)), two_listed);
    assert_eq!(contents(&three, Some(false)), "");
    assert_eq!(contents(&[heading(4, "x")], Some(true)), "");
    assert_eq!(
        contents(&[heading(3, "x")], Some(true)),
        "<ol>\n<li><a href=\"#x\">X</a></li>\n</ol>\n"
    );
}

#[test]
fn reading_time_is_per_language_and_at_least_a_minute() {
    assert_eq!(reading_minutes(0, Lang::En), 1);
    assert_eq!(reading_minutes(200, Lang::En), 1);
    assert_eq!(reading_minutes(201, Lang::En), 2);
    assert_eq!(reading_minutes(1000, Lang::En), 5);
    // The same number of words takes longer in Turkish.
    assert_eq!(reading_minutes(1000, Lang::Tr), 7);
    assert_eq!(reading_minutes(150, Lang::Tr), 1);
}

#[test]
fn touched_takes_the_pages_whose_links_changed_and_the_edited_pages_neighbours() {
    let n = |previous, next| Neighbours {
        previous,
        next,
        series: None,
    };
    // Pages 0 → 1 → 2 in a section, 3 alone; then 1 moves after 2 (0 → 2 → 1).
    let before = Links {
        pages: vec![
            n(None, Some(1)),
            n(Some(0), Some(2)),
            n(Some(1), None),
            n(None, None),
        ],
        series: Vec::new(),
    };
    let after = Links {
        pages: vec![
            n(None, Some(2)),
            n(Some(2), None),
            n(Some(0), Some(1)),
            n(None, None),
        ],
        series: Vec::new(),
    };
    // Nothing edited: only the pages whose links differ (not the unchanged stand-alone page).
    assert_eq!(before.touched(&after, &[]), BTreeSet::from([0, 1, 2]));
    assert_eq!(before.touched(&before, &[]), BTreeSet::new());
    // An edited page's neighbours, before and after, show its title: they are made again.
    assert_eq!(before.touched(&before, &[1]), BTreeSet::from([0, 2]));
    // A page added at the end counts as changed.
    let mut grown = before.clone();
    grown.pages.push(n(None, None));
    assert_eq!(before.touched(&grown, &[]), BTreeSet::from([4]));
}
