/* view-rule.c - the site rule's view (r): every line of the rule that
 * selects nodes, with how many it selects on this page as the rule is
 * applied (0 in red: a line that stopped working); Enter marks a line's
 * elements in the tree, as an XPath search does. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/view.h"

void
rule_view_open(struct tui *t)
{
	struct rule_view_state *v = &t->rview;
	v->n = model_rule_lines(&t->m, v->line, v->count, RULE_VIEW_MAX);
	v->sel = 0;
	v->sc.top = 0;
	v->left = 0;
}

static void
rule_draw(struct tui *t, struct rect r, bool focused)
{
	(void)focused;
	const struct rule_view_state *v = &t->rview;
	const struct rule *rule = t->m.rule;
	int h = r.h - 1;
	for (int y = r.y; y < r.y + r.h; y++)
		scr_fill(y, r.x, r.w, ROLE_NORMAL);
	if (!rule)
		return;
	struct scroll *sc = &t->rview.sc;
	if (v->sel < sc->top)
		sc->top = v->sel;
	if (v->sel >= sc->top + h)
		sc->top = v->sel - h + 1;
	scroll_clamp(sc, v->n, h);
	scr_fill(r.y, r.x, r.w, ROLE_TITLE_FOCUS);
	int dead = 0;
	for (int k = 0; k < v->n; k++)
		dead += v->count[k] == 0;
	const char *name = rule->path ? rule->path : rule->host ? rule->host : "";
	const char *base = strrchr(name, '/');
	/* a line wider than the view scrolls sideways, never cut for good */
	int widest = 0;
	for (int k = 0; k < v->n; k++) {
		const struct rule_line *l = &rule->lines[v->line[k]];
		int w = text_width(l->name, strlen(l->name)) + 2 + text_width(l->value, strlen(l->value));
		if (w > widest)
			widest = w;
	}
	int room = r.w - 16;
	if (t->rview.left > widest - room)
		t->rview.left = widest - room > 0 ? widest - room : 0;
	scr_printf(r.y, r.x, r.w, ROLE_TITLE_FOCUS,
		   " rule %s: %d line%s, %d selecting nothing here  (j k move, Enter marks, %sr or q closes)",
		   base && base[1] ? base + 1 : name, v->n, v->n == 1 ? "" : "s", dead,
		   widest > room ? "h l scroll sideways, " : "");
	for (int k = 0; k < h && sc->top + k < v->n; k++) {
		int i = sc->top + k, y = r.y + 1 + k;
		const struct rule_line *l = &rule->lines[v->line[i]];
		int extra = i == v->sel ? STYLE_REVERSE : 0;
		scr_fill(y, r.x, r.w, ROLE_NORMAL | extra);
		char num[32];
		snprintf(num, sizeof num, "%5d", l->lineno);
		scr_str(y, r.x + 1, 5, num, ROLE_DIM | extra);
		if (v->count[i] < 0)
			snprintf(num, sizeof num, "%6s", "error");
		else
			snprintf(num, sizeof num, "%6d", v->count[i]);
		scr_str(y, r.x + 7, 6, num, (v->count[i] > 0 ? ROLE_CONTENT : ROLE_ERROR) | extra);
		struct buf b;
		buf_init(&b);
		buf_printf(&b, "%s: %s", l->name, l->value);
		size_t skip = v->left > 0 ? text_fit(b.data, b.len, v->left, NULL) : 0;
		scr_text(y, r.x + 15, room, b.data + skip, b.len - skip, ROLE_NORMAL | extra);
		if (text_width(b.data + skip, b.len - skip) > room)
			scr_glyph(y, r.x + r.w - 1, "\xe2\x86\x92", '>', ROLE_DIM | extra);
		buf_free(&b);
	}
	if (!v->n)
		scr_str(r.y + 1, r.x + 1, r.w - 1, "(the rule has no line that selects nodes)", ROLE_DIM);
}

static bool
rule_act(struct tui *t, struct rect r, enum action a)
{
	struct rule_view_state *v = &t->rview;
	int h = r.h - 1;
	switch (a) {
	case ACT_UP:
		v->sel -= v->sel > 0;
		return true;
	case ACT_DOWN:
		v->sel += v->sel + 1 < v->n;
		return true;
	case ACT_PAGE_UP: case ACT_HALF_UP:
		v->sel = v->sel > h ? v->sel - h : 0;
		return true;
	case ACT_PAGE_DOWN: case ACT_HALF_DOWN:
		v->sel = v->sel + h < v->n ? v->sel + h : v->n - 1;
		if (v->sel < 0)
			v->sel = 0;
		return true;
	case ACT_LEFT:
		v->left = v->left > 20 ? v->left - 20 : 0;
		return true;
	case ACT_RIGHT:
		v->left += 20;     /* the draw stops it at the widest line's end */
		return true;
	case ACT_HOME:
		v->sel = 0;
		return true;
	case ACT_END:
		v->sel = v->n > 0 ? v->n - 1 : 0;
		return true;
	default:
		return false;
	}
}

static void
rule_click(struct tui *t, struct rect r, int y, int x, int button)
{
	(void)x;
	struct rule_view_state *v = &t->rview;
	if (button == 4 || button == 5) {
		rule_act(t, r, button == 4 ? ACT_UP : ACT_DOWN);
		return;
	}
	(void)r;
	int i = v->sc.top + y - 1;     /* y is relative to the view */
	if (y > 0 && i < v->n)
		v->sel = i;
}

const struct view_ops view_rule = {
	.name = "rule",
	.draw = rule_draw,
	.act = rule_act,
	.click = rule_click,
};
