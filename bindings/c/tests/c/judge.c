/* The C ABI from C: judge a case as JSON, play a game on a handle and ask the plain queries,
 * and see every error come back as a message. Prints one line per check; exits 1 on the first
 * failure. Built and run by tests/c_program.rs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qili.h"

static int failures = 0;

static void check(int ok, const char *what) {
    printf("%s: %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) failures++;
}

int main(void) {
    char *error = NULL;
    const char *fig6 = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w";

    /* The rich result: the JSON qili judge --json prints. */
    char *json = qili_judge_json(fig6, "f0e0 e8f8 e0f0 f8e8", "cxa2011", &error);
    check(json != NULL && error == NULL, "qili_judge_json rules the case");
    check(json && strstr(json, "\"verdict\": \"red_loses\"") != NULL, "the JSON says red_loses");
    check(json && strstr(json, "\"label_name\": \"check\"") != NULL, "labels by English name");
    check(json && strstr(json, "\"kind\": \"rook\"") != NULL, "pieces typed");
    qili_string_free(json);

    /* Errors: NULL and the CLI's message. */
    json = qili_judge_json("startpos", "h2e2 h9g7 炮五进九", NULL, &error);
    check(json == NULL && error && strstr(error, "ply 3 (炮五进九") != NULL, "a bad move is named");
    printf("  error: %s\n", error ? error : "(none)");
    qili_string_free(error);
    error = NULL;
    json = qili_judge_json(fig6, "f0e0", "fide", &error);
    check(json == NULL && error && strstr(error, "fide") != NULL, "an unknown rule book is named");
    qili_string_free(error);
    error = NULL;
    check(qili_judge_json(NULL, "h2e2", NULL, &error) == NULL && error != NULL, "NULL is an error, not a crash");
    qili_string_free(error);
    error = NULL;

    /* A game handle: the hot queries. */
    QiliGame *g = qili_game_new(fig6, NULL, &error);
    check(g != NULL, "qili_game_new");
    check(qili_game_verdict(g, &error) == QILI_VERDICT_NO_REPETITION, "no moves: no repetition");
    const char *moves[] = {"f0e0", "e8f8", "车五平四"};
    for (int i = 0; i < 3; i++) check(qili_game_play(g, moves[i], &error) == 0, moves[i]);
    check(qili_game_plies(g) == 3, "three plies");
    check(qili_game_verdict(g, &error) == QILI_VERDICT_NO_REPETITION, "nothing repeats yet");
    check(qili_game_verdict_after(g, "f8e8", &error) == QILI_VERDICT_RED_LOSES,
          "the next move would complete red's perpetual check: red loses");
    check(qili_game_plies(g) == 3, "asking does not play");
    check(qili_game_play(g, "f8e8", &error) == 0, "f8e8");
    check(qili_game_verdict(g, &error) == QILI_VERDICT_RED_LOSES, "red loses");
    check(qili_game_label(g, 1, &error) == QILI_LABEL_CHECK, "ply 1 is 将");
    check(qili_game_label(g, 2, &error) == QILI_LABEL_IDLE, "ply 2 is 闲");
    check(qili_game_label(g, 9, &error) == QILI_LABEL_NONE, "no ply 9");
    char *fen = qili_game_fen(g, &error);
    check(fen && strcmp(fen, fig6) == 0, "back at the start");
    qili_string_free(fen);
    json = qili_game_json(g, &error);
    check(json && strstr(json, "\"summary\": \"长将\"") != NULL, "the game's JSON");
    qili_string_free(json);
    check(qili_game_play(g, "a0a9", &error) == -1 && error && strstr(error, "ply 5") != NULL,
          "an illegal move is refused, naming the ply");
    qili_string_free(error);
    error = NULL;
    check(qili_game_plies(g) == 4, "and not played");
    qili_game_free(g);

    check(qili_game_new("not a fen", NULL, &error) == NULL && error != NULL, "a bad FEN");
    qili_string_free(error);
    check(qili_game_verdict(NULL, NULL) == QILI_VERDICT_ERROR, "a NULL handle");
    printf("qili %s: %d failed\n", qili_version(), failures);
    return failures ? 1 : 0;
}
