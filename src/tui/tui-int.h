/* tui-int.h - what the inspector's files (tui.c, keys.c, act.c,
 * prompt.c) share; the views see view.h only. */
#ifndef PITH_TUI_INT_H
#define PITH_TUI_INT_H

#include "tui/view.h"

/* A key script (--keys): its keys and the tokens that made them. */
struct script {
	struct tui_key *keys;
	char **steps;
	int n, cap, pos;
	bool has_dump;
};

/* The panes' views, by enum pane. */
extern const struct view_ops *const panes[PANE_COUNT];

/* tui.c */
void tui_draw(struct tui *t);
void tui_layout(struct tui *t);
/* When the parser lost much of the page's text, that is the first thing
 * to say: where the loss begins and in which element (the status line
 * keeps the share). */
void tui_parse_warning(struct tui *t);
/* R: the page and the rules read again, the method and its parameters
 * kept; the pins go with the old page (its elements may have changed). */
int tui_reload(struct tui *t);
int tui_read_gold(const char *path, char **text, size_t *len, char *err, size_t errlen);

/* keys.c */
/* The bindings come from the action table; a name it cannot parse is a
 * bug in the table, caught on the first run. */
void keys_build(void);
enum action keys_lookup(const struct tui_key *k);
void keys_normalise(struct tui_key *k);
int script_load(struct script *s, const char *path, char *err, size_t errlen);
void script_free(struct script *s);

/* act.c */
/* Apply the rule use_rules found.  At a terminal this comes after the
 * first screen, which says so meanwhile: a costly rule (up to the XPath
 * budget) does not keep the screen blank. */
void tui_apply_rule(struct tui *t, bool show);
void tui_do_action(struct tui *t, enum action a);
/* c's prompt: read the gold file named and compare with it. */
void tui_load_gold(struct tui *t, const char *path);
/* Are a and b the same file? */
bool tui_same_file(const char *a, const char *b);
/* --rules: load the site rules and let the page's own rule decide.  A
 * rule file with problems still loads; they are reported first. */
int tui_use_rules(struct tui *t, char *err, size_t errlen);
/* pith report: to path, or standard output without one.  0 or 1. */
int tui_write_report(struct tui *t, const char *path, bool backup);
void tui_param_message(struct tui *t);
/* What r and R read the rules from: the file w wrote last, unless
 * --rules holds it, else --rules (NULL: none). */
const char *tui_rules_from(const struct tui *t);
/* Save the rule w prepared (t->pending), say what it reproduces, and
 * make it the rule in force. */
void tui_save_pending(struct tui *t);
/* Search for q (the prompt's text, or the last query for n and N). */
void tui_search(struct tui *t, const char *q, int dir);
/* w: a site rule (rules/learn.h) learnt from the page shown, with its pins,
 * and its --siblings pages, merged into the host's file in --rules-out
 * FILE, --rules DIR or ./rules/.  The rule is applied first to every
 * page, as pith extract --rules does and as ftr readers do; a change to
 * an existing file, or a rule that gives less than 99 % of some page's
 * text, is shown and written only on y. */
void tui_write_rule(struct tui *t);

/* prompt.c */
void prompt_open(struct tui *t, enum prompt p);
void prompt_key(struct tui *t, const struct tui_key *k);


#endif
