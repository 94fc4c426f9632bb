# A broken adapter: answers every request under another id.
while IFS= read -r line; do
    echo '{"id":"someone-else","verdict":"draw"}'
done
