/* actions.h - the inspector's actions as one X-macro table: keys.c builds
 * the key bindings from it, view-help.c the help screen, act.c dispatches
 * each to its handler, and the build generates the man page's KEYS section
 * from it (tools/gen-man.c), so a key exists in all of them or in none.
 * No includes: the generator uses it alone. */
#ifndef PITH_TUI_ACTIONS_H
#define PITH_TUI_ACTIONS_H

/* A(NAME, KEYS, GROUP, HELP, HANDLER): KEYS are key names separated by
 * spaces (the names keys.c knows: Up Down Left Right PgUp PgDn Home End
 * Enter Tab BTab Space Esc Backspace F1 C-a..C-z, or one character);
 * act.c's act_HANDLER does it (one handler may serve a pair of actions,
 * telling them apart by the action it is given). */
#define TUI_ACTIONS(A) \
	A(UP,          "Up k",        "Move",   "previous row (a count first repeats: 5j); histogram: previous region; text: the line cursor; detail: scroll", move) \
	A(DOWN,        "Down j",      "Move",   "next row; histogram: next region; text: the line cursor; detail: scroll", move) \
	A(LEFT,        "Left h",      "Move",   "tree: fold, or go to the parent; histogram: previous column", move) \
	A(RIGHT,       "Right l",     "Move",   "tree: unfold, or go to the first child; histogram: next column", move) \
	A(PAGE_UP,     "PgUp C-b",    "Move",   "one page up", move) \
	A(PAGE_DOWN,   "PgDn C-f",    "Move",   "one page down", move) \
	A(HALF_UP,     "C-u",         "Move",   "half a page up", move) \
	A(HALF_DOWN,   "C-d",         "Move",   "half a page down", move) \
	A(HOME,        "Home g",      "Move",   "first row", move) \
	A(END,         "End G",       "Move",   "last row", move) \
	A(NEXT_KEPT,   "]",           "Move",   "tree: the next element whose text is kept, or pinned", kept) \
	A(PREV_KEPT,   "[",           "Move",   "tree: the previous element whose text is kept, or pinned", kept) \
	A(NEXT_PAGE,   "}",           "Move",   "the next page of the site (the page, then its --siblings); each page keeps its pins", page) \
	A(PREV_PAGE,   "{",           "Move",   "the previous page of the site", page) \
	A(NEXT_PANE,   "Tab",         "Move",   "next pane (tree, detail, text, histogram)", pane) \
	A(PREV_PANE,   "BTab",        "Move",   "previous pane", pane) \
	A(ZOOM,        "o",           "Move",   "the focused pane alone on the screen (o again: every pane); Tab moves through them zoomed", zoom) \
	A(FOLD,        "Enter Space", "Fold",   "fold or unfold the selected element; in the text pane, select the element of the cursor's line", fold) \
	A(FOLD_BELOW,  "z",           "Fold",   "fold everything below the selected element", fold_below) \
	A(UNFOLD_ALL,  "Z",           "Fold",   "unfold everything", unfold_all) \
	A(SEARCH,      "/",           "Search", "text, tag.class, XPath (/ or ( first) or CSS (css:, [ > :); empty: the last again", prompt) \
	A(SEARCH_NEXT, "n",           "Search", "next match", search_again) \
	A(SEARCH_PREV, "N",           "Search", "previous match", search_again) \
	A(ALGO,        "a",           "Method", "next method (those this build has)", algo) \
	A(ALGO_PREV,   "A",           "Method", "previous method", algo) \
	A(PARAM_PREV,  "<",           "Method", "select the previous parameter", param_select) \
	A(PARAM_NEXT,  ">",           "Method", "select the next parameter", param_select) \
	A(PARAM_INC,   "+ =",         "Method", "raise the selected parameter by its step, a count of steps (5+), or switch it", param_step) \
	A(PARAM_DEC,   "-",           "Method", "lower the selected parameter by its step, a count of steps, or switch it", param_step) \
	A(PARAM_EDIT,  "e",           "Method", "type a value for the selected parameter (Esc cancels)", param_edit) \
	A(PARAM_RESET, "0",           "Method", "the method's parameters back to their defaults", param_reset) \
	A(STEP,        "t",           "Method", "step through the method's stages; * marks what each changed", step) \
	A(NEXT_CHANGED, ")",          "Method", "step mode: the next element the stage changed (*)", changed) \
	A(PREV_CHANGED, "(",          "Method", "step mode: the previous element the stage changed", changed) \
	A(PIN_IN,      "p",           "Pins",   "pin the selected element in: its text is always kept", pin) \
	A(PIN_OUT,     "x",           "Pins",   "pin the selected element out: its text is always dropped", pin) \
	A(UNPIN_IN,    "P",           "Pins",   "unpin (the element, or the ancestor whose pin decides it)", unpin) \
	A(UNPIN_OUT,   "X",           "Pins",   "unpin, as P", unpin) \
	A(UNDO,        "u",           "Pins",   "undo the last pin or parameter change", undo) \
	A(REDO,        "C-r",         "Pins",   "redo what u undid", redo) \
	A(HIST_ZOOM_IN, "i",          "View",   "histogram: zoom in around the cursor, down to one block a column", hist_zoom) \
	A(HIST_ZOOM_OUT, "I",         "View",   "histogram: zoom out, back to the whole page", hist_zoom) \
	A(HIST_LOG,    "L",           "View",   "histogram: bars on a log scale, or linear again", hist_log) \
	A(HIST_LINES,  "b",           "View",   "histogram: the Ctext length of every line lb starts from, or the blocks again", hist_lines) \
	A(DROPPED,     "d",           "View",   "show the dropped text, greyed, in the text pane", dropped) \
	A(FTR_VIEW,    "f",           "View",   "with a site rule: the text as Full-Text RSS and wallabag extract it (body:, strip:, no pith_ lines)", ftr_view) \
	A(RULE_VIEW,   "r",           "View",   "the site rule's lines and how many elements each selects here, 0 in red; Enter marks a line's in the tree (@), n N move, h l scroll a long line sideways", rule_view) \
	A(SOURCE_VIEW, "v",           "View",   "the selected element's source: its bytes from the start tag to past the end tag, by byte offset, its text highlighted (a row per tag on a minified page)", source_view) \
	A(GOLD_VIEW,   "c",           "View",   "compare with the --gold text (without one, asks for the file): extra lines marked, missing passages listed; in the text pane Enter goes to the element of the cursor's line", gold_view) \
	A(GOLD_FILTER, "F",           "View",   "tree: only the elements whose decision disagrees with the --gold text (> kept, not in it; < in it, dropped)", gold_filter) \
	A(WRITE_RULE,  "w",           "View",   "write a site rule for the page's host, learnt from every loaded page (the page and its --siblings) and their pins; then it applies", write_rule) \
	A(SAVE_TEXT,   "s",           "View",   "save the extraction: .md Markdown, .html HTML, else text (asks before replacing)", prompt) \
	A(SAVE_REPORT, "S",           "View",   "write a report of what is shown: one HTML file with the text, the histogram, the stages, the tree and every element's detail (an existing file is kept as FILE.~N~)", prompt) \
	A(COPY_XPATH,  "y",           "View",   "copy the selected element's XPath (OSC 52: the terminal's clipboard)", copy) \
	A(COPY_CSS,    "Y",           "View",   "copy the selected element's CSS selector (OSC 52)", copy) \
	A(REDRAW,      "C-l",         "View",   "redraw the screen", redraw) \
	A(RELOAD,      "R",           "View",   "read the page and the rules again (after editing them, or the rule w wrote); the page's pins are dropped", reload) \
	A(HELP,        "? F1",        "View",   "this help", help) \
	A(QUIT,        "q",           "View",   "close the help, or quit (asks once when pins or parameters are unsaved)", quit)

#endif
