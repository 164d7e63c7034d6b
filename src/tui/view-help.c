/* view-help.c - the help screen, generated from the action table that
 * binds the keys, plus the legend of the tree's marks and the histogram. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/view.h"

/* The help's lines at most: more is a bug (die() says so in every test
 * that opens the help), never a help cut short. */
enum { HELP_MAX = 256 };

struct hline {
	int role;
	char keys[32];
	char text[200];
};

static int
help_lines(struct hline *l, int max)
{
	int n = 0;
	const char *group = "";
#define LINE(role_, k_, ...) do { if (n == max) die("help: more than %d lines", max); \
	{ l[n].role = (role_); \
	snprintf(l[n].keys, sizeof l[n].keys, "%s", k_); \
	snprintf(l[n].text, sizeof l[n].text, __VA_ARGS__); n++; } } while (0)
	for (int a = 0; a < ACT_COUNT; a++) {
		const struct action_info *ai = &tui_actions[a];
		if (strcmp(group, ai->group)) {
			if (*group)
				LINE(ROLE_NORMAL, "", "%s", "");
			group = ai->group;
			LINE(ROLE_HEADING, "", "%s", group);
		}
		LINE(ROLE_KEY, ai->keys, "%s", ai->help);
	}
	LINE(ROLE_NORMAL, "", "%s", "");
	LINE(ROLE_HEADING, "", "%s", "Methods (a A)");
	for (int k = 0; k < nmethods; k++) {
		const struct method *me = methods[k];
		char ps[160] = "";
		for (int i = 0; i < me->nparams; i++)
			snprintf(ps + strlen(ps), sizeof ps - strlen(ps), "%s%s", i ? " " : "; ",
				 me->params[i].name);
		LINE(ROLE_NORMAL, me->name, "%s%s", me->summary, ps);
	}
	LINE(ROLE_NORMAL, "", "%s", "");
	LINE(ROLE_HEADING, "", "%s", "Marks in the tree");
	for (int k = MARK_NOISE; k < MARK_COUNT; k++) {
		char g[2] = { mark_char((enum mark)k), 0 };
		LINE(mark_role((enum mark)k), g, "%s", mark_name((enum mark)k));
	}
	LINE(ROLE_NORMAL, "dim", "%s", "never text: head, script, style and what is inside them");
	LINE(ROLE_NORMAL, "inline", "%s", "an inline element (a link, a span in a paragraph) has its block's mark, as its text goes with its block; its own figures are dump's row");
	LINE(ROLE_NORMAL, "", "%s", "");
	LINE(ROLE_HEADING, "", "%s", "Marks beside them");
	LINE(ROLE_HIGHLIGHT, "*", "%s", "step mode: what the current stage changed");
	LINE(ROLE_MATCH, "@", "%s", "what the XPath or CSS search, or the rule line shown, selects");
	LINE(ROLE_HIGHLIGHT, "> <", "%s", "gold filter (F) and the text pane's gold view (c): kept and not in the gold; in the gold and dropped");
	LINE(ROLE_CONTENT, "underlined", "%s", "text pane: what the last parameter, pin or undo brought in (counted in the message)");
	LINE(ROLE_NOISE, "reversed", "%s", "text pane: what it took out, kept in place until the next change");
	LINE(ROLE_NORMAL, "", "%s", "");
	LINE(ROLE_HEADING, "", "%s", "Histogram");
	LINE(ROLE_NORMAL, "bars", "%s", "block lengths Y (non-space characters of K lines); b: each line's, L: log scale");
	LINE(ROLE_THRESHOLD, "-", "%s", "the row of the threshold T (with b, T/K: a line's share of it)");
	LINE(ROLE_NORMAL, "= :", "%s", "under the bars: a selected region, another region");
	LINE(ROLE_BAR_ELEM, "^", "%s", "the selected element's lines");
	LINE(ROLE_NORMAL, "\xe2\x86\x91 ~", "%s", "the top of a bar taller than the axis, cut (the title says where the axis stops; L, the log scale, shows it whole)");
	LINE(ROLE_NORMAL, "", "%s", "");
	LINE(ROLE_HEADING, "", "%s", "Mouse");
	LINE(ROLE_NORMAL, "click", "%s", "selects (a row, a histogram column, a line of text); on the fold mark it folds");
	LINE(ROLE_NORMAL, "wheel", "%s", "scrolls the pane under it");
	LINE(ROLE_NORMAL, "--no-mouse", "%s", "leaves the mouse to the terminal, to select and copy text");
	LINE(ROLE_NORMAL, "", "%s", "");
	LINE(ROLE_HEADING, "", "%s", "Glossary");
	LINE(ROLE_NORMAL, "TA", "%s", "text: non-link characters in the element, spaces not counted");
	LINE(ROLE_NORMAL, "LA", "%s", "links (a elements) in the element");
	LINE(ROLE_NORMAL, "LT", "%s", "link text: characters inside links");
	LINE(ROLE_NORMAL, "CC", "%s", "content correlativity TA/max(LA,1): content when above C");
	LINE(ROLE_NORMAL, "TD", "%s", "context density: the parent's TA over the element's links");
	LINE(ROLE_NORMAL, "CS", "%s", "share of same-tag siblings (and itself) whose CC reaches C");
	/* each method's own columns, from the method table */
	for (int k = 0; k < nmethods; k++)
		for (int c = 0; c < methods[k]->ncolumns; c++)
			LINE(ROLE_NORMAL, methods[k]->columns[c].name, "%s: %s", methods[k]->name,
			     methods[k]->columns[c].help ? methods[k]->columns[c].help : "");
	LINE(ROLE_NORMAL, "Y, K, T", "%s", "lb: characters in K lines from a line on; regions start above T");
	LINE(ROLE_NORMAL, "name~", "%s", "an id or class cut short to fit (the detail shows the whole tag)");
	LINE(ROLE_NORMAL, "+N", "%s", "N more classes than the label shows");
	LINE(ROLE_NORMAL, "(N)", "%s", "a folded element and how many elements it hides");
#undef LINE
	return n;
}

/* A help line's text wrapped at spaces to w cells: the rows' starts and
 * lengths, at most max; their number. */
static int
wrap_help(const char *s, int w, size_t *off, size_t *len, int max)
{
	size_t n = strlen(s), pos = 0;
	int k = 0;
	do {
		size_t fit = text_fit(s + pos, n - pos, w > 1 ? w : 1, NULL);
		size_t brk = fit;
		if (pos + fit < n) {
			while (brk > 0 && s[pos + brk] != ' ')
				brk--;
			if (brk == 0)
				brk = fit ? fit : 1;
		}
		if (k < max) {
			off[k] = pos;
			len[k] = brk;
			k++;
		}
		pos += brk;
		while (pos < n && s[pos] == ' ')
			pos++;
	} while (pos < n);
	return k;
}

/* The help, its descriptions wrapped to the screen's width (never cut). */
static void
help_draw(struct tui *t, struct rect r, bool focused)
{
	struct hline l[HELP_MAX];
	int n = help_lines(l, HELP_MAX);
	int kw = 13, tw = r.w - 4 - kw;
	/* every row: its line and its part of the line's text */
	enum { MAXROWS = HELP_MAX * 6 };
	static struct { short line; short part; size_t off, len; } row[MAXROWS];
	int nrows = 0;
	for (int i = 0; i < n && nrows < MAXROWS; i++) {
		size_t off[6], len[6];
		int parts = l[i].role == ROLE_HEADING || !*l[i].text ? 1 :
			    wrap_help(l[i].text, tw, off, len, 6);
		if (parts == 1 && (l[i].role == ROLE_HEADING || !*l[i].text)) {
			off[0] = 0;
			len[0] = strlen(l[i].text);
		}
		for (int p = 0; p < parts && nrows < MAXROWS; p++, nrows++) {
			row[nrows].line = (short)i;
			row[nrows].part = (short)p;
			row[nrows].off = off[p];
			row[nrows].len = len[p];
		}
	}
	int h = r.h - 1;
	struct scroll *sc = &t->help_view.sc;
	scroll_clamp(sc, nrows, h);
	for (int y = r.y; y < r.y + r.h; y++)
		scr_fill(y, r.x, r.w, ROLE_NORMAL);
	scr_fill(r.y, r.x, r.w, ROLE_TITLE_FOCUS);
	scr_printf(r.y, r.x, r.w, ROLE_TITLE_FOCUS, " help  q or ? closes%s",
		   nrows > h ? ", j k scroll" : "");
	for (int k = 0; k < h && sc->top + k < nrows; k++) {
		const struct hline *x = &l[row[sc->top + k].line];
		int y = r.y + 1 + k;
		if (x->role == ROLE_HEADING) {
			scr_str(y, r.x + 1, r.w - 1, x->text, ROLE_HEADING);
			continue;
		}
		if (row[sc->top + k].part == 0)
			scr_str(y, r.x + 3, kw, x->keys, x->role == ROLE_NORMAL ? ROLE_KEY : x->role);
		scr_text(y, r.x + 3 + kw + 1, tw, x->text + row[sc->top + k].off,
			 row[sc->top + k].len, ROLE_NORMAL);
	}
}

static bool
help_act(struct tui *t, struct rect r, enum action a)
{
	return scroll_act(&t->help_view.sc, a, r.h - 1);
}

static void
help_click(struct tui *t, struct rect r, int y, int x, int button)
{
}

const struct view_ops view_help = {
	.name = "help",
	.draw = help_draw,
	.act = help_act,
	.click = help_click,
};
