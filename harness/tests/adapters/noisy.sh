# A talkative adapter (issue 30): a valid answer to every request with a 1 MB note.
note=$(head -c 1000000 /dev/zero | tr '\0' 'x')
while IFS= read -r line; do
    id=$(printf '%s\n' "$line" | sed -n 's/^{"id":"\([^"]*\)".*/\1/p')
    printf '{"id":"%s","verdict":"draw","note":"%s"}\n' "$id" "$note"
done
