/* tui.h - the inspector (pith inspect): the DOM tree with every figure,
 * the line-block histogram, the selected element's detail, the extracted
 * text and a status line, on a terminal (ncursesw).
 *
 * tui_run loads c->inputs[0] and runs until the user quits.  A page that
 * cannot be loaded is reported as "pith: FILE: reason" before the screen
 * starts, and tui_run returns 1; otherwise 0.  The terminal is restored on
 * every way out.  With c->keys the keys come from a script and the screen
 * is a virtual one of c->screen_cols x c->screen_lines whose text is dumped
 * to c->screen_out (tests; the script syntax is described in keys.c). */
#ifndef PITH_TUI_H
#define PITH_TUI_H

#include <stdio.h>

struct cli;

int tui_run(struct cli *c);

/* The key bindings as a man page section (roff) or plain text, from the
 * same table that binds them. */
void tui_print_keys(FILE *out, int roff);

#endif
