"""Words the web layer says outside the templates, in the `messages` catalogue: the room
status badge, and the phrases static/app.js and static/timers.js put in the page (the
page hands them over, translated, in `#room[data-words]`, so the scripts hold no
English of their own that a German or Dutch viewer would see).

`N_` marks a message for extraction where it is defined; `_` (app.web.render.render) translates
it where it is shown, in the language of the render.
"""

from __future__ import annotations

from app.web.render.speech import _


def N_(message: str) -> str:
    return message


STATUS = {
    "waiting": N_("waiting"),
    "playing": N_("playing"),
    "finished": N_("finished"),
}

# key -> message; `%(...)s` placeholders are filled in by the script.
SCRIPT = {
    "seat": N_("Seat %(n)s"),
    "and": N_("%(first)s and %(last)s"),
    "your_move": N_("Your move"),
    "your_move_with": N_("Your move (with %(names)s)"),
    "choosing": N_("Choosing: %(names)s"),
    "to_act_of": N_("%(names)s to act"),
    "choosing_tag": N_("choosing"),
    "to_act_tag": N_("to act"),
    "your_turn": N_("Your turn."),
    "waiting_for": N_("Waiting for %(names)s."),
    "waiting_seats": N_("Waiting for every seat to be taken."),
    "failed": N_("That did not work."),
    "no_watching": N_("This room cannot be watched."),
    "reconnecting": N_("Not connected. Trying again..."),
    "copied": N_("Link copied."),
    "someone": N_("someone"),
    "online": N_("online"),
    "offline": N_("offline"),
    "watching_one": N_("1 watching"),
    "watching_many": N_("%(n)s watching"),
    "offline_now": N_("offline just now"),
    "offline_min": N_("offline %(min)s min"),
    "offline_hours": N_("offline %(h)s h %(min)s min"),
    "left": N_("%(time)s left to decide"),
    "away": N_("away"),
    "your_move_offline": N_("Your move: waiting for the connection"),
    "connection_lost": N_("Connection lost. Trying again..."),
    "connection_lost_in": N_("Connection lost. Trying again in %(s)s s."),
    "retry": N_("Retry now"),
    "move_queued": N_("Your move will be sent when the connection is back."),
    "move_not_sent": N_("Your move was not sent: the table changed while you were offline."),
    "move_unsure": N_("The table changed while you were offline: check whether your move "
                      "was played."),
    "details": N_("Details"),
    "hide_details": N_("Hide details"),
    "notify_unavailable": N_("This browser cannot show notifications."),
    "notify_on": N_("Notifications are on for this room."),
    "notify_blocked": N_("Notifications are blocked in this browser's settings."),
    **{f"status_{key}": text for key, text in STATUS.items()},
}


def status_word(status: str) -> str:
    """The room's status as its badge says it."""
    return _(STATUS[status]) if status in STATUS else status


def script_words() -> dict[str, str]:
    """The scripts' phrases in the language of the render."""
    return {key: _(text) for key, text in SCRIPT.items()}


# The games' option labels, help lines and choices, as the lobby's form shows them
# (the option schemas of app/games/*/rules.py speak English; a test holds this list to
# them, so a new option cannot go untranslated).
OPTIONS = [
    N_("Variant"), N_("basic"), N_("grand-cafe"),
    N_("Grand Café: keep 0-2 cards per draft step, draught one beer type only, and a "
       "cellar card that is not served ends your serving."),
    N_("Bulls per round"),
    N_("Default: 2 with 3-4 players (14 bulls in play), 3 with 5 (21 bulls)."),
    N_("Target score"),
    N_("The game ends after the round in which someone reaches this total."),
    N_("Fixed number of rounds"),
    N_("If set, play exactly this many rounds instead of playing to the target."),
]

# What a refused form or message says (app/rooms and app/web raise them in English; the
# page's alert area shows them in the viewer's language). A test holds this list to the
# room errors' defaults.
REFUSALS = [
    N_("This game is still running: its record opens when it is over."),
    N_("This room has no such game."),
    N_("That did not work."), N_("There is no room with that code."),
    N_("There is no such game."), N_("These options cannot be played."),
    N_("Please choose a name."), N_("That seat is taken."), N_("There is no such seat."),
    N_("You do not have a seat in this room."), N_("Only the host can do that."),
    N_("That cannot be done now."), N_("The game has moved on: here is the current table."),
    N_("You already have a seat in this room."), N_("A chat message needs some text."),
    N_("A chat message cannot contain control characters."),
    N_("A chat message must be text."), N_("A move must be a JSON object."),
    N_("A name cannot contain control characters."), N_("A name must be text."),
    N_("A rematch can start only after the end."),
    N_("Every player must agree to play again."),
    N_("Could not make a room; please try again."), N_("Every seat is taken."),
    N_("Every seat must be taken first."), N_("Only a seated player can be back."),
    N_("Only the host can add a bot."), N_("Someone in this room already has that name."),
    N_("Spectators cannot make moves."), N_("That move is not possible now."),
    N_("You no longer have a seat in this room."),
    N_("That seat is already empty."), N_("That seat is taken: a bot needs an empty seat."),
    N_("That seat was just taken."), N_("The game has already started."),
    N_("The game is not running."), N_("The turn timer is off, 30, 60, 120 or 300 seconds."),
    N_("This game is over."),
    N_("This room does not allow spectators."),
    N_("You cannot leave once the game has started."),
    N_("The number of seats must be a number."),
    N_("The turn timer must be a number of seconds."),
    N_("A name can be at most 24 characters long."),
    N_("A chat message can be at most 300 characters long."),
    N_("Slow down a little."), N_("This request did not come from this site."),
    N_("Send text frames of JSON."), N_("That message is too long."),
    N_("Too many open tabs here."), N_("That message is not understood."),
    N_("That request is not understood."), N_("Something went wrong."),
    N_("The body is not valid JSON."),
    N_("%(game)s is for %(min)s to %(max)s players."),
    N_("There is no game called %(game)s."), N_("This game cannot be replayed: %(why)s"),
    N_("%(label)s must be a whole number."), N_("%(name)s is not a JSON number."),
    N_("A number in the message is too large."), N_("The message is nested too deeply."),
    N_("The text holds characters that are not allowed."), N_("The request is too large."),
    N_("The request took too long to arrive."),
    N_("Only a seat of a running game can be opened to a person."),
    N_("Only a bot's seat can be opened to a person."),
    N_("Slow down a little: too many at once."), N_("No such game."),
    N_("Rooms are not available yet."), N_('A bot plays at level "random" or "good".'),
    # the host's settings (issue 37.4)
    N_("Only the host can change the room's settings."),
    N_("Choose a setting to change: public, spectators or the turn timer."),
    N_("Public and spectators are each on (true) or off (false)."),
    N_("Choose who can find the room: public or private."),
    # the next game at the same table (issue 37.1)
    N_("Only the host can choose the next game."),
    N_("The next game can be chosen once this one is over."),
    N_("%(people)s people sit at this table: choose at least %(people)s seats."),
    N_("The room changed meanwhile: try again."),
    # Starlette's own details for an unknown path or method (HTTPException)
    N_("Not Found"), N_("Method Not Allowed"),
]
