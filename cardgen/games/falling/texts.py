"""Every sentence the FALLING walkthrough prints, as catalog labels (English source, contexts).

Captions (``caption:<Event>[.<case>]``) explain what just happened and why; ``{player}``,
``{by}``, ``{on}``, ``{to}``, ``{from}`` are player names, ``{card}``, ``{rider}``, ``{extra}``,
``{ground}`` card names in the handout's language, ``{time}`` a clock reading. Card names are
written bold in the caption and never take an article, so translators can phrase freely (French
writes « la carte **{card}** »). Where the number of cards or the player changes the sentence
in some language, each case has its own string (``.one``, ``.self``, ``.first_stack``): a
translator never has to make one sentence fit two cases. ``{cards}`` lists two or more bold card
names, joined in the language's own way (« **Frappe** et **Extra** »).
Rule tags (``rule:<name>``) name the rule a frame shows; questions (``question:<case>``) and
their answers (``answer:<case>``) are asked of the group after each stage.
"""

from __future__ import annotations

from cardgen.rulebook.labels import Label, label_here

CAPTIONS: tuple[Label, ...] = (
    label_here("caption:GameStarted", "{count} players are falling. The dealer holds the deck: {cards} cards, with the {grounds} Grounds at the bottom.",
               "The first frame. {count}, {cards} and {grounds} are numbers."),
    label_here("caption:DealStarted", "The dealer turns to {player}.", "The dealer starts dealing to a player."),
    label_here("caption:CardDealt", "The dealer deals **{card}** onto a stack of {player}'s.",
               "One card of the normal deal. {card} is a card name."),
    label_here("caption:CardDealt.new_stack", "{player} has no stack, so **{card}** starts a new one.",
               "A player whose stacks have all been picked up gets a new one from the next card (they had stacks before)."),
    label_here("caption:CardDealt.first_stack", "{player} has no stack yet, so **{card}** starts the first one.",
               "The first card a player is dealt in the game starts their first stack (they never had one). "
               "{card} is a card name without an article."),
    label_here("caption:CardDealt.rider", "{rider} in front of {player}: one more card, **{card}**, goes onto a stack.",
               "A card dealt because of a Hit or a Split. {rider} is that Rider's name."),
    label_here("caption:StackEmptied", "{player}'s stack is empty, so it disappears.", "A stack vanishes when its last card is taken."),
    label_here("caption:CardPickedUp", "{player} picks up **{card}** from the top of a stack.", "A player takes a top card into their hand."),
    label_here("caption:CardPickedUp.snatch", "{player} snatches **{card}** before the Hit's next card covers it: fast, and allowed.",
               "R37: taking a card during a Hit (often before the Hit is even announced) before the dealer's quick next card "
               "lands on it."),
    label_here("caption:RiderPlaced", "{by} lays **{card}** sideways in front of {on}.", "A Rider placed on another player."),
    label_here("caption:RiderPlaced.self", "{by} lays **{card}** sideways in front of themselves.", "A Rider placed on the player's own stacks."),
    label_here("caption:RiderPlaced.mid_deal", "{by} lays **{card}** in front of {on} while the dealer is dealing to them: it waits until the next pass.",
               "A Rider placed on the player being dealt to is ignored until the next pass."),
    label_here("caption:RiderPlaced.mid_deal_self", "{by} lays **{card}** in front of themselves while the dealer is dealing to them: it waits until the next pass.",
               "As caption:RiderPlaced.mid_deal, on the player's own stacks."),
    label_here("caption:ExtraAttached", "{by} lays **{card}** on {on}'s **{rider}**, a little off-centre so both can be read: {effect}",
               "{effect} is one of the caption:effect.* sentences."),
    label_here("caption:ExtraAttached.self", "{by} lays **{card}** on their own **{rider}**, a little off-centre so both can be read: {effect}",
               "An Extra laid on the Rider in front of the player who lays it. {effect} is one of the caption:effect.* sentences."),
    label_here("caption:effect.hit", "after the usual card, each stack will get two more instead of one.", "What an Extra does to a Hit."),
    label_here("caption:effect.split", "two new stacks instead of one.", "What an Extra does to a Split."),
    label_here("caption:effect.skip", "only the Extra will be swept, and the Skip will stay for another pass.", "What an Extra does to a Skip."),
    label_here("caption:effect.other", "more of the same.", "What an Extra does to any other Rider."),
    label_here("caption:RiderApplied.hit", "The dealer carries out **{rider}**: each of {player}'s stacks gets one more card.", "A Hit at work."),
    label_here("caption:RiderApplied.hit_extra", "The dealer carries out **{rider}** with **{extra}**: each of {player}'s stacks gets two more cards.",
               "A Hit with an Extra at work."),
    label_here("caption:RiderApplied.split", "The dealer carries out **{rider}**: one more card starts a new stack for {player}.", "A Split at work."),
    label_here("caption:RiderApplied.split_extra", "The dealer carries out **{rider}** with **{extra}**: two more cards start two new stacks for {player}.",
               "A Split with an Extra at work."),
    label_here("caption:RiderApplied.skip", "**{rider}**: the dealer passes {player} by. No cards at all this pass, however many stacks.",
               "A Skip at work."),
    label_here("caption:RiderApplied.skip_extra", "**{rider}** with **{extra}**: no cards for {player}. Only the Extra is swept; the Skip stays for the next pass.",
               "A Skip with an Extra at work."),
    label_here("caption:CardsSwept", "The dealer sweeps {cards} into the discard pile.",
               "Two or more cards swept after a pass. {cards} is the list of their names, bold, without articles, "
               "already joined (“**Hit** and **Extra**”)."),
    label_here("caption:CardsSwept.one", "The dealer sweeps **{card}** into the discard pile.",
               "One card swept after a pass. {card} is its name, without an article."),
    label_here("caption:RiderPushed", "{by} touches **{card}** to the **{rider}** in front of them and pushes it to {to}, who had no Rider. **{card}** goes to the discard.",
               "A Push."),
    label_here("caption:RiderGrabbed", "{by} plays **{card}** and takes {from}'s **{rider}** for themselves. **{card}** goes to the discard.",
               "A Grab."),
    label_here("caption:RiderDestroyed", "{by} plays **{card}** on {on}'s **{rider}**: the Rider, anything on it and the Stop all go to the discard.",
               "A Stop destroying a Rider in place."),
    label_here("caption:PlayCountered", "{by} answers **{countered}** with **{card}** as it is played: both go to the discard.",
               "House rule: a Stop cancelling a card as it is played."),
    label_here("caption:GroundStopped", "A Ground comes to {player}, who shows **{card}** at once: the dealer puts the Ground back on top of the deck.",
               "A Stop sending a Ground back."),
    label_here("caption:PlayFailed", "{player} tries to play **{card}**, but {reason}. The card stays in {player}'s hand.",
               "A play that was no longer possible when it landed. {reason} is one of the reason:* phrases."),
    label_here("caption:PlayerGrounded", "{player} is dealt **{ground}** and hits the ground: out of the game.", "A player is eliminated."),
    label_here("caption:GameEnded", "{player} is the last one still falling and wins. The winner deals the next game.", "The end of a game."),
)

REASONS: tuple[Label, ...] = (
    label_here("reason:has_rider", "that player already has a Rider", "Why a Rider, Push or Grab failed."),
    label_here("reason:no_rider", "there is no Rider there any more", "Why an Action or Extra failed."),
    label_here("reason:lockout", "the dealer is dealing to that player", "The timing lockout."),
    label_here("reason:out", "that player has already hit the ground", "Plays on eliminated players are not allowed."),
    label_here("reason:has_extra", "that Rider already carries an Extra", "One Extra per Rider."),
    label_here("reason:own_rider", "a player who has a Rider cannot Grab", "Why a Grab failed."),
    label_here("reason:not_own", "a Push only moves the Rider in front of the pusher", "Why a Push failed."),
    label_here("reason:hand_full", "they already hold a card", "Why a pick-up failed."),
    label_here("reason:covered", "another card now lies on it", "Why a pick-up failed."),
    label_here("reason:other", "it is not allowed any more", "Any other reason."),
)

RULES: tuple[Label, ...] = (
    label_here("rule:ground", "Ground", "Rule tag: a player hits the ground."),
    label_here("rule:hit", "Hit", "Rule tag."),
    label_here("rule:split", "Split", "Rule tag."),
    label_here("rule:skip", "Skip", "Rule tag."),
    label_here("rule:push", "Push", "Rule tag."),
    label_here("rule:grab", "Grab", "Rule tag."),
    label_here("rule:stop_rider", "Stop on a Rider", "Rule tag."),
    label_here("rule:stop_ground", "Stop on a Ground", "Rule tag."),
    label_here("rule:extra_hit", "Extra on a Hit", "Rule tag."),
    label_here("rule:extra_split", "Extra on a Split", "Rule tag."),
    label_here("rule:extra_skip", "Extra on a Skip: the Skip stays", "Rule tag."),
)

FURNITURE: tuple[Label, ...] = (
    label_here("walkthrough:title", "Learning {title}", "Handout title. {title} is the game's name."),
    label_here("walkthrough:subtitle", "A game in slow motion, one kind of card at a time", "Handout subtitle."),
    label_here("walkthrough:lead.1", "The best way to learn {title} is the way its designer suggests: play slowly, and add the cards a few at a time. This handout follows a simulated table of {count} players through {stages} games.",
               "Cover text. {title} is the game's name, {count} and {stages} numbers."),
    label_here("walkthrough:lead.2", "Each game starts with the cards it adds, then shows the game step by step: the clock, the table seen from above, and what just happened. The rule the game introduces is marked in orange whenever it is at work.",
               "Cover text."),
    label_here("walkthrough:credit", "{title} is a game by {designer}. This walkthrough was made with cardgen from a simulated game, in its own words.",
               "Cover credit line."),
    label_here("walkthrough:stage", "Game {n}: {title}", "Heading of a stage. {n} is 1, 2, 3; {title} the stage's name."),
    label_here("walkthrough:new_cards", "New in this game", "Heading above the cards a stage adds."),
    label_here("walkthrough:does", "What it does", "Label before a card's effect."),
    label_here("walkthrough:watch", "Watch for", "Label before a teaching tip."),
    label_here("walkthrough:frames", "The game, step by step", "Heading above the frames."),
    label_here("walkthrough:step", "Step {n} of {count}", "Above each frame."),
    label_here("walkthrough:outcome", "How it ended", "Heading of a stage's outcome."),
    label_here("walkthrough:order", "Order of landing: {players}. {winner} wins.",
               "{players} is a list of names in order; {winner} a name."),
    label_here("walkthrough:length", "The game lasted {time} and {cards} cards were dealt.", "{time} is a clock reading, {cards} a number."),
    label_here("walkthrough:questions", "Questions for the table", "Heading of a stage's questions."),
    label_here("walkthrough:answers", "Answers", "Heading of the answers at the back."),
    label_here("walkthrough:answers_for", "Game {n}: {title}", "Answers for one stage."),
    label_here("walkthrough:footer", "{title} · {page}", "Page footer."),
    label_here("table:dealer", "Dealer", "Frame: the dealer's place."),
    label_here("table:deck", "Deck: {count}", "Frame: the cards still to deal. {count} is a number."),
    label_here("table:discard", "Discard: {count}", "Frame: the discard pile. {count} is a number."),
    label_here("table:grounds", "Grounds at the bottom: {count}", "Frame: how many Grounds wait under the deck."),
    label_here("table:held", "in hand", "Frame: the card a player holds."),
    label_here("table:out", "{name} (out)", "Frame: a player who hit the ground. {name} is the player's name."),
)

MEANWHILE: tuple[Label, ...] = (
    label_here("meanwhile:lead", "Meanwhile, from {from} to {to}: {list}.",
               "A line above a frame summing up what happened since the previous frame. {from} and {to} are clock "
               "readings; {list} is a list of meanwhile:* parts joined by semicolons."),
    label_here("meanwhile:lead.at", "Meanwhile, at {time}: {list}.",
               "The meanwhile line when everything happened at one clock reading {time}."),
    label_here("meanwhile:dealt", "cards dealt: {count}", "Part of the meanwhile line. {count} is a number."),
    label_here("meanwhile:picked", "picked up: {list}", "Part of the meanwhile line. {list} is a list of meanwhile:picked.item."),
    label_here("meanwhile:picked.item", "{player} ({count})", "Who picked up cards, and how many."),
    label_here("meanwhile:placed", "Riders laid: {list}", "Part of the meanwhile line. {list} is a list of meanwhile:placed.item."),
    label_here("meanwhile:placed.item", "{card} by {by} before {on}", "A Rider laid: {card} is its name, {by} and {on} players."),
    label_here("meanwhile:played", "also played: {list}", "Part of the meanwhile line. {list} is a list of meanwhile:played.item."),
    label_here("meanwhile:played.item", "{card} by {by}", "A card played: {card} is its name, {by} a player."),
    label_here("meanwhile:swept", "cards swept to the discard: {count}", "Part of the meanwhile line. {count} is a number."),
    label_here("meanwhile:out", "out: {list}", "Part of the meanwhile line. {list} is a list of players who hit the ground."),
)

LEGEND: tuple[Label, ...] = (
    label_here("legend:title", "How to read a frame", "Heading of the key drawn before a game's first frame."),
    label_here("legend:held", "the card in hand", "Key: the tilted card at the outer end of a player's mat."),
    label_here("legend:stacks", "the stacks; the number under each is how many cards it holds",
               "Key: a player's stacks."),
    label_here("legend:rider", "the Rider place (a Rider lies sideways, an Extra on it)", "Key: the Rider place."),
    label_here("legend:move", "a card that moved, with a faint copy where it was", "Key: an arrow and a ghost card."),
    label_here("legend:deck", "the dealer: the deck, the Grounds under it, the discard pile", "Key: the dealer's mat."),
    label_here("walkthrough:stages", "The games in this handout", "Cover: heading of the list of stages."),
    label_here("walkthrough:stage_teaches", "Game {n}: {title}. New cards: {cards}.",
               "Cover: one line per stage that adds two or more cards. {n} is a number, {title} the stage's name, "
               "{cards} the list of card names, bold, without articles, already joined (“**Push**, **Grab** and **Stop**”)."),
    label_here("walkthrough:stage_teaches.one", "Game {n}: {title}. New card: {cards}.",
               "Cover: the line of a stage that adds one card. {cards} is that card's name, bold, without an article."),
    label_here("player:back", "Back", "Screen player: button to the previous step."),
    label_here("player:next", "Next", "Screen player: button to the next step."),
    label_here("player:play", "Play", "Screen player: button that plays the steps one after another."),
    label_here("player:pause", "Pause", "Screen player: the play button while playing."),
    label_here("player:pace", "Pace", "Screen player: menu of playing speeds."),
    label_here("player:slow", "slow", "Screen player: a playing speed."),
    label_here("player:normal", "normal", "Screen player: a playing speed."),
    label_here("player:fast", "fast", "Screen player: a playing speed."),
    label_here("player:stage", "Game", "Screen player: label of the menu of games (stages)."),
    label_here("walkthrough:step_of_stage", "Game {n}: {title} · step {step} of {count}",
               "On a frame shown on its own (images, animation, the screen player)."),
)

QUESTIONS: tuple[Label, ...] = (
    label_here("question:skip", "At {time}, {player} got no card at all on that pass. Why?", "A question about a Skip."),
    label_here("answer:skip", "{by} had laid **{rider}** in front of {player}: the dealer passes a skipped player by, whatever their stacks.",
               "Answer about a Skip."),
    label_here("answer:skip.self", "{player} had laid **{rider}** in front of themselves: the dealer passes a skipped player by, whatever their stacks.",
               "Answer about a Skip the player laid on their own stacks."),
    label_here("question:hit", "At {time}, {player}'s stacks grew faster than the others'. What did it?", "A question about a Hit."),
    label_here("answer:hit", "**{rider}** lay in front of {player}: after the usual card, each of their stacks got one more.", "Answer about a Hit."),
    label_here("question:split", "Where did {player}'s new stack come from at {time}?", "A question about a Split."),
    label_here("answer:split", "**{rider}**: after the usual card, one more card started a new stack, and from then on every pass gives {player} one card more.",
               "Answer about a Split."),
    label_here("question:push", "At {time}, {by} got rid of a Rider. How, and who could receive it?", "A question about a Push."),
    label_here("answer:push", "With **{card}**: only the Rider in front of {by} can be pushed, and only to a player with no Rider; it went to {to}.",
               "Answer about a Push."),
    label_here("question:grab", "At {time}, {by} took a Rider from {from}. Could {by} have done it with a Rider already in front of them?",
               "A question about a Grab."),
    label_here("answer:grab", "No. **{card}** only works for a player with no Rider; {by} took **{rider}**.", "Answer about a Grab."),
    label_here("question:stop_ground", "A Ground reached {player} at {time}, yet {player} stayed in. How?", "A question about a Stop and a Ground."),
    label_here("answer:stop_ground", "{player} had **{card}** in hand and showed it as the Ground came: the Ground went back on the deck. One Stop saves from one Ground only.",
               "Answer about a Stop and a Ground."),
    label_here("question:stop_rider", "What happened to {on}'s **{rider}** at {time}?", "A question about a Stop on a Rider."),
    label_here("answer:stop_rider", "{by} destroyed it with **{card}**: the Rider, anything on it and the Stop went to the discard.",
               "Answer about a Stop on a Rider."),
    label_here("question:extra_skip", "At {time}, {player} was skipped, and the Skip was still there afterwards. Why was it not swept?",
               "A question about an Extra on a Skip."),
    label_here("answer:extra_skip", "It carried an Extra. After the pass only the Extra is swept, so the Skip protects {player} once more.",
               "Answer about an Extra on a Skip."),
    label_here("question:extra_hit", "How many cards did each of {player}'s stacks get on the pass at {time}?", "A question about an Extra on a Hit."),
    label_here("answer:extra_hit", "Three: the usual card and two more, because **{rider}** carried an Extra.", "Answer about an Extra on a Hit."),
    label_here("question:extra_split", "How many new stacks did {player} get at {time}?", "A question about an Extra on a Split."),
    label_here("answer:extra_split", "Two: **{rider}** carried an Extra, which doubles it.", "Answer about an Extra on a Split."),
    label_here("question:winner", "Who won this game, and who deals the next one?", "A closing question."),
    label_here("answer:winner", "{player} was the last one falling, so {player} won and deals next.", "Answer to the closing question."),
)

ALL: tuple[Label, ...] = CAPTIONS + REASONS + RULES + FURNITURE + MEANWHILE + LEGEND + QUESTIONS
BY_CONTEXT: dict[str, Label] = {label.context: label for label in ALL}
