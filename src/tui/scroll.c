/* scroll.c - scrolling written once for the panes that only scroll
 * (detail, text, help): movement actions, the wheel, clamping. */
#include "config.h"

#include "tui/view.h"

bool
scroll_act(struct scroll *s, enum action a, int h)
{
	/* a page keeps one row of the last one on screen */
	int page = h > 1 ? h - 1 : 1;
	switch (a) {
	case ACT_UP: s->top--; break;
	case ACT_DOWN: s->top++; break;
	case ACT_PAGE_UP: s->top -= page; break;
	case ACT_PAGE_DOWN: s->top += page; break;
	case ACT_HALF_UP: s->top -= (h + 1) / 2; break;
	case ACT_HALF_DOWN: s->top += (h + 1) / 2; break;
	case ACT_HOME: s->top = 0; break;
	case ACT_END: s->top = 1 << 20; break;   /* the view clamps */
	default: return false;
	}
	return true;
}

bool
scroll_wheel(struct scroll *s, int button)
{
	if (button != 4 && button != 5)
		return false;
	s->top += button == 4 ? -3 : 3;
	return true;
}

void
scroll_clamp(struct scroll *s, int total, int h)
{
	if (s->top > total - h)
		s->top = total - h;
	if (s->top < 0)
		s->top = 0;
}
