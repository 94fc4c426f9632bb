# A flaky adapter: answers one request with a draw, then exits; qili starts it again.
IFS= read -r line
id=$(printf '%s\n' "$line" | sed -n 's/^{"id":"\([^"]*\)".*/\1/p')
printf '{"id":"%s","verdict":"draw"}\n' "$id"
