//! What the rule texts advise or require of a tournament's set-up: shown
//! on the settings page, and, where a text makes it a condition of the
//! start, checked before round 1 is paired.

use crate::core::discipline::{Book, Ruleset};
use crate::core::settings::Level;
use crate::core::{Criterion, System, Tournament};

/// How much one piece of advice weighs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// Worth knowing.
    Note,
    /// A text advises otherwise.
    Warning,
    /// A text makes it a condition of round 1: pairing it is refused.
    BeforeRoundOne,
}

/// One piece of advice: a translation key and the values it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advice {
    pub key: &'static str,
    pub args: Vec<(&'static str, String)>,
    pub weight: Weight,
}

impl Advice {
    fn new(key: &'static str, weight: Weight) -> Self {
        Advice {
            key,
            args: Vec::new(),
            weight,
        }
    }

    fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }
}

/// ⌈log₂ n⌉ for n ≥ 1: the rounds a knockout of n players needs.
fn knockout_rounds(n: usize) -> u32 {
    n.max(1).next_power_of_two().trailing_zeros()
}

/// The rounds the Ukrainian rules recommend for a Swiss of `n` players
/// (II.5: 16–30 → 5–9, 30–50 → 9–12, 50 and more → 12–15).
pub fn recommended_swiss_rounds(n: usize) -> Option<(u32, u32)> {
    match n {
        16..=29 => Some((5, 9)),
        30..=49 => Some((9, 12)),
        50.. => Some((12, 15)),
        _ => None,
    }
}

/// Whether the RFG rates the tournament: an RFG event with more than 49
/// minutes of main time (RFG App. 10 §1.1–1.2).
pub fn rfg_rated(basic_minutes: u32) -> bool {
    basic_minutes > 49
}

/// Placement criteria the RFG code advises against (App. 9 §6.3).
fn not_recommended_by_rfg(c: Criterion) -> bool {
    matches!(
        c,
        Criterion::Sososw
            | Criterion::Sososm
            | Criterion::Sodosw
            | Criterion::Sodosm
            | Criterion::Cussw
            | Criterion::Cussm
    )
}

/// Pairs per referee at most (Ukrainian rules V.2).
fn pairs_per_referee(level: Level, teams: bool) -> usize {
    match (teams, level) {
        (true, _) => 6,
        (false, Level::National | Level::International) => 5,
        (false, Level::Regional) => 7,
        (false, Level::Local) => 8,
    }
}

/// Every piece of advice for the tournament as it stands.
pub fn advice(doc: &Tournament, book: &Book) -> Vec<Advice> {
    let s = doc.settings();
    let ruleset = book.settings.ruleset;
    let level = s.general.level;
    let players = doc.players().len();
    let mut out = Vec::new();
    // Ukrainian rules II.5: a Swiss needs at least two rounds more than a
    // knockout of the same field, and the table gives a range.
    if matches!(
        s.system,
        System::Swiss | System::SwissCat | System::UkraineSwiss
    ) && players >= 2
    {
        let least = knockout_rounds(players) + 2;
        if s.number_of_rounds < least {
            out.push(
                Advice::new("advice.few_rounds", Weight::Warning)
                    .arg("players", players)
                    .arg("rounds", s.number_of_rounds)
                    .arg("least", least),
            );
        }
        if let Some((from, to)) = recommended_swiss_rounds(players)
            && !(from..=to).contains(&s.number_of_rounds)
        {
            out.push(
                Advice::new("advice.recommended_rounds", Weight::Note)
                    .arg("players", players)
                    .arg("from", from)
                    .arg("to", to),
            );
        }
    }
    // Ukrainian rules II.6: a top group of 8, 12, 16 or 24, so that nobody
    // floats in round 1.
    if s.system == System::McMahon && ruleset == Ruleset::Ukraine {
        let bar = s.mcmahon.bar.opengotha_value();
        let top = doc
            .players()
            .iter()
            .filter(|p| p.rank.opengotha_value() >= bar)
            .count();
        if top > 0 && ![8, 12, 16, 24].contains(&top) {
            out.push(Advice::new("advice.top_group_size", Weight::Warning).arg("size", top));
        }
    }
    if ruleset == Ruleset::Rfg {
        for c in s.placement.iter().filter(|c| not_recommended_by_rfg(**c)) {
            out.push(
                Advice::new("advice.not_recommended", Weight::Warning).arg("criterion", c.name()),
            );
        }
        // RFG 15.2 б: the regulations of an RFG event are published a month
        // before it starts at least.
        if level.is_official()
            && let Ok(start) = s.general.begin_date.parse::<jiff::civil::Date>()
        {
            let latest = start.saturating_sub(jiff::Span::new().months(1));
            match s.general.regulations_published.parse::<jiff::civil::Date>() {
                Ok(published) if published <= latest => {}
                _ => out.push(
                    Advice::new("advice.regulations_late", Weight::Warning).arg("latest", latest),
                ),
            }
        }
        if rfg_rated(s.time.basic_minutes) {
            out.push(
                Advice::new("advice.rfg_rated", Weight::Note).arg("minutes", s.time.basic_minutes),
            );
        }
        // RFG 26.2.1 а: the chief referee of a Russian-level event holds the
        // republic category (or the all-Russian one above it).
        let category = s.general.panel.chief_referee.category.to_lowercase();
        let republic = ["республ", "всеросс", "republic", "all-russia"]
            .iter()
            .any(|c| category.contains(c));
        if level.is_official() && !republic {
            out.push(Advice::new(
                "advice.chief_referee_category",
                Weight::Warning,
            ));
        }
    }
    if ruleset == Ruleset::Ukraine {
        // V.2: one referee for at most N pairs playing in a round.
        let named = s.general.panel.referees.len()
            + usize::from(!s.general.panel.chief_referee.name.is_empty());
        let teams = s.teams.pair_by_teams && !doc.teams().is_empty();
        let per = pairs_per_referee(level, teams);
        let need = (players / 2).div_ceil(per);
        if named < need {
            out.push(
                Advice::new("advice.too_few_referees", Weight::Warning)
                    .arg("have", named)
                    .arg("need", need)
                    .arg("pairs", players / 2)
                    .arg("per", per),
            );
        }
        // VII.1: official УФГо competitions are played on 19×19.
        if level.is_official() && s.rules.board_size != 19 {
            out.push(
                Advice::new("advice.official_board", Weight::Warning)
                    .arg("size", s.rules.board_size),
            );
        }
    }
    if level.is_official() {
        // GTR "Appeals committee"; RFG 26.4 а; Ukrainian rules VI: named
        // before the tournament starts.
        let members = book.committee.as_ref().map_or(0, |c| c.members.len());
        if members < 3 {
            out.push(
                Advice::new("advice.committee", Weight::BeforeRoundOne).arg("members", members),
            );
        }
    }
    // GTR "Adjournment": the possible times and the maximal duration are
    // published at the start of the tournament.
    if s.adjournment.is_incomplete() {
        out.push(Advice::new("advice.adjournment", Weight::BeforeRoundOne));
    }
    // GTR "Officials": an EGF tournament has an EGF-certified referee.
    if level == Level::International && ruleset == Ruleset::Egf {
        let panel = &s.general.panel;
        let certified = std::iter::once(&panel.chief_referee)
            .chain(&panel.referees)
            .any(|m| m.category.to_uppercase().contains("EGF"));
        if !certified {
            out.push(Advice::new("advice.egf_referee", Weight::BeforeRoundOne));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::discipline::DisciplineSettings;
    use crate::core::settings::{PanelMember, Settings};
    use crate::core::{Player, PlayerId, Rank};

    fn field(system: System, ranks: &[&str], ruleset: Ruleset) -> (Tournament, Book) {
        let mut t = Tournament::new(Settings {
            system,
            ..Settings::default()
        });
        for (i, rank) in ranks.iter().enumerate() {
            let rank = rank.parse::<Rank>().unwrap();
            t.register(Player::new(PlayerId(0), &format!("Player{i}"), "A", rank));
        }
        let book = Book {
            settings: DisciplineSettings::for_ruleset(ruleset),
            ..Book::default()
        };
        (t, book)
    }

    fn keys(t: &Tournament, book: &Book) -> Vec<&'static str> {
        advice(t, book).into_iter().map(|a| a.key).collect()
    }

    fn set(t: &mut Tournament, f: impl FnOnce(&mut Settings)) {
        let mut s = t.settings().clone();
        f(&mut s);
        t.set_settings(s);
    }

    #[test]
    fn a_swiss_of_forty_is_advised_nine_to_twelve_rounds_and_warned_below_log2_plus_two() {
        assert_eq!(recommended_swiss_rounds(40), Some((9, 12)));
        assert_eq!(recommended_swiss_rounds(10), None);
        let (mut t, book) = field(System::Swiss, &["5k"; 40], Ruleset::Egf);
        set(&mut t, |s| s.number_of_rounds = 7);
        let a = advice(&t, &book);
        let few = a.iter().find(|a| a.key == "advice.few_rounds").unwrap();
        // ⌈log₂ 40⌉ + 2 = 6 + 2.
        assert!(few.args.contains(&("least", "8".into())), "{few:?}");
        assert!(a.iter().any(|a| a.key == "advice.recommended_rounds"));
        set(&mut t, |s| s.number_of_rounds = 8);
        assert!(!keys(&t, &book).contains(&"advice.few_rounds"));
        set(&mut t, |s| s.number_of_rounds = 10);
        assert!(keys(&t, &book).is_empty(), "{:?}", keys(&t, &book));
    }

    #[test]
    fn a_ukrainian_mcmahon_top_group_has_eight_twelve_sixteen_or_twenty_four() {
        let mut ranks = vec!["3d"; 10];
        ranks.extend(["5k"; 6]);
        let (mut t, book) = field(System::McMahon, &ranks, Ruleset::Ukraine);
        set(&mut t, |s| s.mcmahon.bar = "1d".parse().unwrap());
        let a = advice(&t, &book);
        let top = a.iter().find(|a| a.key == "advice.top_group_size").unwrap();
        assert_eq!(top.args, [("size", "10".to_string())]);
        set(&mut t, |s| s.mcmahon.bar = "5k".parse().unwrap());
        assert!(
            !keys(&t, &book).contains(&"advice.top_group_size"),
            "16 players"
        );
    }

    #[test]
    fn the_rfg_code_advises_against_sosos_sodos_and_cuss_and_rates_long_games() {
        let (mut t, book) = field(System::McMahon, &[], Ruleset::Rfg);
        set(&mut t, |s| {
            s.placement = vec![
                Criterion::Mms,
                Criterion::Sosm,
                Criterion::Sososm,
                Criterion::Cussm,
            ];
            s.time.basic_minutes = 50;
        });
        let a = advice(&t, &book);
        let warned: Vec<_> = a
            .iter()
            .filter(|a| a.key == "advice.not_recommended")
            .map(|a| a.args[0].1.clone())
            .collect();
        assert_eq!(warned, [Criterion::Sososm.name(), Criterion::Cussm.name()]);
        assert!(a.iter().any(|a| a.key == "advice.rfg_rated"));
        assert!(rfg_rated(50) && !rfg_rated(49));
    }

    #[test]
    fn rfg_regulations_are_published_a_month_before_the_start() {
        let (mut t, book) = field(System::McMahon, &[], Ruleset::Rfg);
        set(&mut t, |s| {
            s.general.level = Level::National;
            s.general.begin_date = "2026-05-10".into();
            s.general.regulations_published = "2026-04-20".into();
            s.general.panel.chief_referee.category = "республиканская".into();
        });
        let late = advice(&t, &book);
        let a = late
            .iter()
            .find(|a| a.key == "advice.regulations_late")
            .unwrap();
        assert_eq!(a.args, [("latest", "2026-04-10".to_string())]);
        set(&mut t, |s| {
            s.general.regulations_published = "2026-04-10".into()
        });
        assert!(!keys(&t, &book).contains(&"advice.regulations_late"));
    }

    #[test]
    fn a_russian_level_event_wants_a_republic_category_chief_referee() {
        let (mut t, book) = field(System::McMahon, &[], Ruleset::Rfg);
        set(&mut t, |s| {
            s.general.level = Level::National;
            s.general.panel.chief_referee = PanelMember {
                name: "Petrov".into(),
                category: "1 категория".into(),
            };
        });
        assert!(keys(&t, &book).contains(&"advice.chief_referee_category"));
        set(&mut t, |s| {
            s.general.panel.chief_referee.category = "республиканская".into()
        });
        assert!(!keys(&t, &book).contains(&"advice.chief_referee_category"));
    }

    #[test]
    fn ukrainian_referees_are_counted_per_pairs_and_level_and_official_events_play_on_19() {
        assert_eq!(
            23usize.div_ceil(pairs_per_referee(Level::National, false)),
            5
        );
        assert_eq!(
            23usize.div_ceil(pairs_per_referee(Level::National, true)),
            4
        );
        assert_eq!(
            23usize.div_ceil(pairs_per_referee(Level::Regional, false)),
            4
        );
        assert_eq!(23usize.div_ceil(pairs_per_referee(Level::Local, false)), 3);
        let (mut t, book) = field(System::Swiss, &["5k"; 46], Ruleset::Ukraine);
        set(&mut t, |s| {
            s.number_of_rounds = 10;
            s.general.level = Level::National;
            s.rules.board_size = 13;
            s.general.panel.chief_referee.name = "Chief".into();
            s.general.panel.referees = (0..3)
                .map(|i| PanelMember {
                    name: format!("Referee {i}"),
                    category: String::new(),
                })
                .collect();
        });
        let a = advice(&t, &book);
        let short = a
            .iter()
            .find(|a| a.key == "advice.too_few_referees")
            .unwrap();
        assert!(
            short.args.contains(&("need", "5".into()))
                && short.args.contains(&("have", "4".into()))
        );
        assert!(a.iter().any(|a| a.key == "advice.official_board"));
    }

    #[test]
    fn an_egf_tournament_needs_a_certified_referee_and_a_committee_of_three_before_round_one() {
        let (mut t, book) = field(System::McMahon, &[], Ruleset::Egf);
        assert!(advice(&t, &book).is_empty(), "a local event needs neither");
        set(&mut t, |s| s.general.level = Level::International);
        let before: Vec<_> = advice(&t, &book)
            .into_iter()
            .filter(|a| a.weight == Weight::BeforeRoundOne)
            .map(|a| a.key)
            .collect();
        assert_eq!(before, ["advice.committee", "advice.egf_referee"]);
        set(&mut t, |s| {
            s.general.panel.referees = vec![PanelMember {
                name: "Ref".into(),
                category: "EGF referee".into(),
            }]
        });
        assert_eq!(keys(&t, &book), ["advice.committee"]);
    }
}
