-- Version 8: menus carry a prompt number that counts only the player's own prompts.
--
-- `seats.prompt_version` was the match version at which the seat's legal actions last changed,
-- and action menus carried it in their custom ids: the difference between two of a player's
-- menus counted every entry in between, other players' hidden actions included (a Risk player
-- arming a reaction card logs nothing, yet added one). From now on `prompt_version` grows by one
-- with each new prompt of that seat, and `prompt_entry` keeps the match version that made it
-- (to tell a double click, "already done", from an old menu). Existing values carry over, so
-- menus already sent stay valid.
ALTER TABLE seats ADD COLUMN prompt_entry INTEGER NOT NULL DEFAULT 0;
UPDATE seats SET prompt_entry = prompt_version;
