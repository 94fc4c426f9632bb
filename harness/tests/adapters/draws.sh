# A well-behaved adapter: answers every request with a draw, under the request's id (the id is
# the first field of a request, as qili writes them).
while IFS= read -r line; do
    id=$(printf '%s\n' "$line" | sed -n 's/^{"id":"\([^"]*\)".*/\1/p')
    printf '{"id":"%s","verdict":"draw"}\n' "$id"
done
