# An adapter that repeats itself (issue 30): it answers the first request it reads, then writes
# the same answer again and again, forever.
IFS= read -r line
id=$(printf '%s\n' "$line" | sed -n 's/^{"id":"\([^"]*\)".*/\1/p')
while :; do
    printf '{"id":"%s","verdict":"draw"}\n' "$id"
done
