# bash completion for calendar
# Generated from the command tree by `calendar completion bash`; do not edit.
# Load it with: source <(calendar completion bash)

# the canonical path of subcommand $2 (or an alias) of path $1
_calendar_child() {
  case "$1/$2" in
    '/events') r='events' ;;
    '/venues') r='venues' ;;
    '/organizers') r='organizers' ;;
    '/categories') r='categories' ;;
    '/tags') r='tags' ;;
    '/doc') r='doc' ;;
    '/info') r='info' ;;
    '/serve') r='serve' ;;
    '/profile') r='profile' ;;
    '/trust') r='trust' ;;
    '/api') r='api' ;;
    '/completion') r='completion' ;;
    '/import') r='import' ;;
    '/export') r='export' ;;
    '/diff') r='diff' ;;
    '/apply') r='apply' ;;
    '/agenda') r='agenda' ;;
    '/week') r='week' ;;
    '/month') r='month' ;;
    '/browse') r='browse' ;;
    '/mcp') r='mcp' ;;
    '/help') r='help' ;;
    'events/list'|'events/ls') r='events list' ;;
    'events/get') r='events get' ;;
    'events/create') r='events create' ;;
    'events/update') r='events update' ;;
    'events/delete'|'events/rm') r='events delete' ;;
    'events/restore') r='events restore' ;;
    'events/edit') r='events edit' ;;
    'events/conflicts') r='events conflicts' ;;
    'venues/list'|'venues/ls') r='venues list' ;;
    'venues/get') r='venues get' ;;
    'venues/create') r='venues create' ;;
    'venues/update') r='venues update' ;;
    'venues/delete'|'venues/rm') r='venues delete' ;;
    'venues/restore') r='venues restore' ;;
    'venues/edit') r='venues edit' ;;
    'organizers/list'|'organizers/ls') r='organizers list' ;;
    'organizers/get') r='organizers get' ;;
    'organizers/create') r='organizers create' ;;
    'organizers/update') r='organizers update' ;;
    'organizers/delete'|'organizers/rm') r='organizers delete' ;;
    'organizers/restore') r='organizers restore' ;;
    'organizers/edit') r='organizers edit' ;;
    'categories/list'|'categories/ls') r='categories list' ;;
    'categories/get') r='categories get' ;;
    'categories/create') r='categories create' ;;
    'categories/update') r='categories update' ;;
    'categories/delete'|'categories/rm') r='categories delete' ;;
    'categories/edit') r='categories edit' ;;
    'tags/list'|'tags/ls') r='tags list' ;;
    'tags/get') r='tags get' ;;
    'tags/create') r='tags create' ;;
    'tags/update') r='tags update' ;;
    'tags/delete'|'tags/rm') r='tags delete' ;;
    'tags/edit') r='tags edit' ;;
    'profile/add') r='profile add' ;;
    'profile/list'|'profile/ls') r='profile list' ;;
    'profile/show') r='profile show' ;;
    'profile/use') r='profile use' ;;
    'profile/remove'|'profile/rm') r='profile remove' ;;
    *) r='' ;;
  esac
}

# the subcommands of path $1
_calendar_subcommands() {
  case "$1" in
    '') r='events venues organizers categories tags doc info serve profile trust api completion import export diff apply agenda week month browse mcp help' ;;
    'events') r='list get create update delete restore edit conflicts' ;;
    'venues') r='list get create update delete restore edit' ;;
    'organizers') r='list get create update delete restore edit' ;;
    'categories') r='list get create update delete edit' ;;
    'tags') r='list get create update delete edit' ;;
    'profile') r='add list show use remove' ;;
    *) r='' ;;
  esac
}

# every option of path $1, the global ones included
_calendar_options() {
  case "$1" in
    '') r='-V --version --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert -h --help -V --version' ;;
    'events') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'events list') r='--all --limit --hidden --on --during --page --per-page --start-date --end-date --starts-before --starts-after --ends-before --ends-after --strict-dates --no-strict-dates --search --categories --tags --venue --organizer --featured --no-featured --status --geoloc --no-geoloc --geoloc-lat --geoloc-lng --include --post-parent --ticketed --no-ticketed --password --rendered -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'events get') r='--password --web --rendered -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'events create') r='--data --title --start-date --end-date --description --slug --excerpt --status --author --date --date-utc --timezone --all-day --no-all-day --image --cost --website --show-map --no-show-map --show-map-link --no-show-map-link --hide-from-listings --no-hide-from-listings --sticky --no-sticky --featured --no-featured --categories --tags --venue --organizer --dry-run --create-missing --no-conflict-check --web --repeat --except --max -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'events update') r='--data --title --start-date --end-date --description --slug --excerpt --status --author --date --date-utc --timezone --all-day --no-all-day --image --cost --website --show-map --no-show-map --show-map-link --no-show-map-link --hide-from-listings --no-hide-from-listings --sticky --no-sticky --featured --no-featured --categories --tags --venue --organizer --dry-run --create-missing --add-categories --remove-categories --add-tags --remove-tags --add-organizer --remove-organizer --replace --keep-duration --no-keep-duration --series --following --force --password --no-conflict-check --web -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'events delete') r='--dry-run --permanently --password --series --following -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'events restore') r='--status --dry-run --force -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'events edit') r='--dry-run --force -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'events conflicts') r='--exit-code --categories --venue --organizer --status --timezone -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'venues') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'venues list') r='--all --limit --page --per-page --search --event --has-events --no-has-events --only-with-upcoming --no-only-with-upcoming --status --rendered -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'venues get') r='--rendered -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'venues create') r='--data --venue --name --description --status --author --date --date-utc --address --city --country --province --state --zip --phone --website --stateprovince --show-map --no-show-map --show-map-link --no-show-map-link --image --dry-run --force -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'venues update') r='--data --venue --name --description --status --author --date --date-utc --address --city --country --province --state --zip --phone --website --stateprovince --show-map --no-show-map --show-map-link --no-show-map-link --image --dry-run --replace --force -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'venues delete') r='--dry-run --permanently -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'venues restore') r='--status --dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'venues edit') r='--dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'organizers') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'organizers list') r='--all --limit --page --per-page --search --event --has-events --no-has-events --only-with-upcoming --no-only-with-upcoming --status --rendered -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'organizers get') r='--rendered -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'organizers create') r='--data --organizer --name --description --status --author --date --date-utc --phone --website --email --image --dry-run --force -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'organizers update') r='--data --organizer --name --description --status --author --date --date-utc --phone --website --email --image --dry-run --replace --force -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'organizers delete') r='--dry-run --permanently -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'organizers restore') r='--status --dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'organizers edit') r='--dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'categories') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'categories list') r='--all --limit --page --per-page --search --exclude --include --order --orderby --hide-empty --no-hide-empty --post --event --slug --parent -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'categories get') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'categories create') r='--data --name --description --slug --parent --dry-run --create-missing -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'categories update') r='--data --name --description --slug --parent --dry-run --create-missing -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'categories delete') r='--dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'categories edit') r='--dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'tags') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'tags list') r='--all --limit --page --per-page --search --exclude --include --order --orderby --hide-empty --no-hide-empty --post --event --slug -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'tags get') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'tags create') r='--data --name --description --slug --dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'tags update') r='--data --name --description --slug --dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'tags delete') r='--dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'tags edit') r='--dry-run -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'doc') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'info') r='--context -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'serve') r='--host --port --data --seed --namespace --no-tec-v1 --user --password --timezone --now --faults --faults-seed --tls-cert --tls-key -h --help --profile --base-url --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'profile') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'profile add') r='--url --username --app-password-stdin --app-password-env --app-password-command --api --default --force -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'profile list') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'profile show') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'profile use') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'profile remove') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'trust') r='--list --revoke -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'api') r='-f --raw-field -F --field --input -i --include -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'completion') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'import') r='--input-format --delimiter --upsert-by --concurrency --dry-run --fail-fast --force --failed-to --from --until --max-occurrences --timezone --include-private --create-missing --prune -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'export') r='--site --resources --start-date --end-date --search --categories --tags --venue --organizer --status -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'diff') r='--from --to --prune --exit-code -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'apply') r='--prune --dry-run --concurrency --digest -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'agenda') r='--search --categories --venue --featured --no-featured --status --timezone -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'week') r='--width --week-start --search --categories --venue --featured --no-featured --status --timezone -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'month') r='--width --week-start --search --categories --venue --featured --no-featured --status --timezone -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'browse') r='-h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'mcp') r='--read-only -h --help --profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert' ;;
    'help') r='--profile --base-url --namespace --lang --format --json --jq --fields --no-color --debug -y --yes --timeout --retries --ca-cert -h --help' ;;
    *) r='' ;;
  esac
}

# what option $2 of path $1 takes; empty for a flag
_calendar_value() {
  case "$1|$2" in
    'events list|--limit') r='a' ;;
    'events list|--on') r='a' ;;
    'events list|--during') r='a' ;;
    'events list|--page') r='a' ;;
    'events list|--per-page') r='a' ;;
    'events list|--start-date') r='a' ;;
    'events list|--end-date') r='a' ;;
    'events list|--starts-before') r='a' ;;
    'events list|--starts-after') r='a' ;;
    'events list|--ends-before') r='a' ;;
    'events list|--ends-after') r='a' ;;
    'events list|--search') r='a' ;;
    'events list|--categories') r='I:categories' ;;
    'events list|--tags') r='I:tags' ;;
    'events list|--venue') r='I:venues' ;;
    'events list|--organizer') r='I:organizers' ;;
    'events list|--status') r='l:publish draft pending private future trash' ;;
    'events list|--geoloc-lat') r='a' ;;
    'events list|--geoloc-lng') r='a' ;;
    'events list|--include') r='a' ;;
    'events list|--post-parent') r='i:events' ;;
    'events list|--password') r='a' ;;
    'events get|--password') r='a' ;;
    'events create|--data') r='a' ;;
    'events create|--title') r='a' ;;
    'events create|--start-date') r='a' ;;
    'events create|--end-date') r='a' ;;
    'events create|--description') r='a' ;;
    'events create|--slug') r='a' ;;
    'events create|--excerpt') r='a' ;;
    'events create|--status') r='w:publish draft pending private future' ;;
    'events create|--author') r='a' ;;
    'events create|--date') r='a' ;;
    'events create|--date-utc') r='a' ;;
    'events create|--timezone') r='a' ;;
    'events create|--image') r='a' ;;
    'events create|--cost') r='a' ;;
    'events create|--website') r='a' ;;
    'events create|--categories') r='I:categories' ;;
    'events create|--tags') r='I:tags' ;;
    'events create|--venue') r='i:venues' ;;
    'events create|--organizer') r='I:organizers' ;;
    'events create|--repeat') r='a' ;;
    'events create|--except') r='a' ;;
    'events create|--max') r='a' ;;
    'events update|--data') r='a' ;;
    'events update|--title') r='a' ;;
    'events update|--start-date') r='a' ;;
    'events update|--end-date') r='a' ;;
    'events update|--description') r='a' ;;
    'events update|--slug') r='a' ;;
    'events update|--excerpt') r='a' ;;
    'events update|--status') r='w:publish draft pending private future' ;;
    'events update|--author') r='a' ;;
    'events update|--date') r='a' ;;
    'events update|--date-utc') r='a' ;;
    'events update|--timezone') r='a' ;;
    'events update|--image') r='a' ;;
    'events update|--cost') r='a' ;;
    'events update|--website') r='a' ;;
    'events update|--categories') r='I:categories' ;;
    'events update|--tags') r='I:tags' ;;
    'events update|--venue') r='i:venues' ;;
    'events update|--organizer') r='I:organizers' ;;
    'events update|--add-categories') r='a' ;;
    'events update|--remove-categories') r='a' ;;
    'events update|--add-tags') r='a' ;;
    'events update|--remove-tags') r='a' ;;
    'events update|--add-organizer') r='a' ;;
    'events update|--remove-organizer') r='a' ;;
    'events update|--password') r='a' ;;
    'events delete|--password') r='a' ;;
    'events restore|--status') r='a' ;;
    'events conflicts|--categories') r='a' ;;
    'events conflicts|--venue') r='a' ;;
    'events conflicts|--organizer') r='a' ;;
    'events conflicts|--status') r='a' ;;
    'events conflicts|--timezone') r='a' ;;
    'venues list|--limit') r='a' ;;
    'venues list|--page') r='a' ;;
    'venues list|--per-page') r='a' ;;
    'venues list|--search') r='a' ;;
    'venues list|--event') r='i:events' ;;
    'venues list|--status') r='l:publish draft pending private future trash' ;;
    'venues create|--data') r='a' ;;
    'venues create|--venue') r='a' ;;
    'venues create|--name') r='a' ;;
    'venues create|--description') r='a' ;;
    'venues create|--status') r='w:publish draft pending private future' ;;
    'venues create|--author') r='a' ;;
    'venues create|--date') r='a' ;;
    'venues create|--date-utc') r='a' ;;
    'venues create|--address') r='a' ;;
    'venues create|--city') r='a' ;;
    'venues create|--country') r='a' ;;
    'venues create|--province') r='a' ;;
    'venues create|--state') r='a' ;;
    'venues create|--zip') r='a' ;;
    'venues create|--phone') r='a' ;;
    'venues create|--website') r='a' ;;
    'venues create|--stateprovince') r='a' ;;
    'venues create|--image') r='a' ;;
    'venues update|--data') r='a' ;;
    'venues update|--venue') r='a' ;;
    'venues update|--name') r='a' ;;
    'venues update|--description') r='a' ;;
    'venues update|--status') r='w:publish draft pending private future' ;;
    'venues update|--author') r='a' ;;
    'venues update|--date') r='a' ;;
    'venues update|--date-utc') r='a' ;;
    'venues update|--address') r='a' ;;
    'venues update|--city') r='a' ;;
    'venues update|--country') r='a' ;;
    'venues update|--province') r='a' ;;
    'venues update|--state') r='a' ;;
    'venues update|--zip') r='a' ;;
    'venues update|--phone') r='a' ;;
    'venues update|--website') r='a' ;;
    'venues update|--stateprovince') r='a' ;;
    'venues update|--image') r='a' ;;
    'venues restore|--status') r='a' ;;
    'organizers list|--limit') r='a' ;;
    'organizers list|--page') r='a' ;;
    'organizers list|--per-page') r='a' ;;
    'organizers list|--search') r='a' ;;
    'organizers list|--event') r='i:events' ;;
    'organizers list|--status') r='l:publish draft pending private future trash' ;;
    'organizers create|--data') r='a' ;;
    'organizers create|--organizer') r='a' ;;
    'organizers create|--name') r='a' ;;
    'organizers create|--description') r='a' ;;
    'organizers create|--status') r='w:publish draft pending private future' ;;
    'organizers create|--author') r='a' ;;
    'organizers create|--date') r='a' ;;
    'organizers create|--date-utc') r='a' ;;
    'organizers create|--phone') r='a' ;;
    'organizers create|--website') r='a' ;;
    'organizers create|--email') r='a' ;;
    'organizers create|--image') r='a' ;;
    'organizers update|--data') r='a' ;;
    'organizers update|--organizer') r='a' ;;
    'organizers update|--name') r='a' ;;
    'organizers update|--description') r='a' ;;
    'organizers update|--status') r='w:publish draft pending private future' ;;
    'organizers update|--author') r='a' ;;
    'organizers update|--date') r='a' ;;
    'organizers update|--date-utc') r='a' ;;
    'organizers update|--phone') r='a' ;;
    'organizers update|--website') r='a' ;;
    'organizers update|--email') r='a' ;;
    'organizers update|--image') r='a' ;;
    'organizers restore|--status') r='a' ;;
    'categories list|--limit') r='a' ;;
    'categories list|--page') r='a' ;;
    'categories list|--per-page') r='a' ;;
    'categories list|--search') r='a' ;;
    'categories list|--exclude') r='a' ;;
    'categories list|--include') r='a' ;;
    'categories list|--order') r='w:asc desc' ;;
    'categories list|--orderby') r='w:name slug count description id term_id include' ;;
    'categories list|--post') r='i:events' ;;
    'categories list|--event') r='i:events' ;;
    'categories list|--slug') r='a' ;;
    'categories list|--parent') r='i:categories' ;;
    'categories create|--data') r='a' ;;
    'categories create|--name') r='a' ;;
    'categories create|--description') r='a' ;;
    'categories create|--slug') r='a' ;;
    'categories create|--parent') r='i:categories' ;;
    'categories update|--data') r='a' ;;
    'categories update|--name') r='a' ;;
    'categories update|--description') r='a' ;;
    'categories update|--slug') r='a' ;;
    'categories update|--parent') r='i:categories' ;;
    'tags list|--limit') r='a' ;;
    'tags list|--page') r='a' ;;
    'tags list|--per-page') r='a' ;;
    'tags list|--search') r='a' ;;
    'tags list|--exclude') r='a' ;;
    'tags list|--include') r='a' ;;
    'tags list|--order') r='w:asc desc' ;;
    'tags list|--orderby') r='w:name slug count description id term_id include' ;;
    'tags list|--post') r='i:events' ;;
    'tags list|--event') r='i:events' ;;
    'tags list|--slug') r='a' ;;
    'tags create|--data') r='a' ;;
    'tags create|--name') r='a' ;;
    'tags create|--description') r='a' ;;
    'tags create|--slug') r='a' ;;
    'tags update|--data') r='a' ;;
    'tags update|--name') r='a' ;;
    'tags update|--description') r='a' ;;
    'tags update|--slug') r='a' ;;
    'info|--context') r='a' ;;
    'serve|--host') r='a' ;;
    'serve|--port') r='a' ;;
    'serve|--data') r='f' ;;
    'serve|--seed') r='w:demo' ;;
    'serve|--namespace') r='a' ;;
    'serve|--user') r='a' ;;
    'serve|--password') r='a' ;;
    'serve|--timezone') r='a' ;;
    'serve|--now') r='a' ;;
    'serve|--faults') r='a' ;;
    'serve|--faults-seed') r='a' ;;
    'serve|--tls-cert') r='f' ;;
    'serve|--tls-key') r='f' ;;
    'profile add|--url') r='a' ;;
    'profile add|--username') r='a' ;;
    'profile add|--app-password-env') r='a' ;;
    'profile add|--app-password-command') r='a' ;;
    'profile add|--api') r='a' ;;
    'api|-f'|'api|--raw-field') r='a' ;;
    'api|-F'|'api|--field') r='a' ;;
    'api|--input') r='f' ;;
    'import|--input-format') r='a' ;;
    'import|--delimiter') r='a' ;;
    'import|--upsert-by') r='a' ;;
    'import|--concurrency') r='a' ;;
    'import|--failed-to') r='f' ;;
    'import|--from') r='a' ;;
    'import|--until') r='a' ;;
    'import|--max-occurrences') r='a' ;;
    'import|--timezone') r='a' ;;
    'export|--resources') r='a' ;;
    'export|--start-date') r='a' ;;
    'export|--end-date') r='a' ;;
    'export|--search') r='a' ;;
    'export|--categories') r='a' ;;
    'export|--tags') r='a' ;;
    'export|--venue') r='a' ;;
    'export|--organizer') r='a' ;;
    'export|--status') r='a' ;;
    'diff|--from') r='a' ;;
    'diff|--to') r='a' ;;
    'apply|--concurrency') r='a' ;;
    'apply|--digest') r='a' ;;
    'agenda|--search') r='a' ;;
    'agenda|--categories') r='a' ;;
    'agenda|--venue') r='a' ;;
    'agenda|--status') r='a' ;;
    'agenda|--timezone') r='a' ;;
    'week|--width') r='a' ;;
    'week|--week-start') r='a' ;;
    'week|--search') r='a' ;;
    'week|--categories') r='a' ;;
    'week|--venue') r='a' ;;
    'week|--status') r='a' ;;
    'week|--timezone') r='a' ;;
    'month|--width') r='a' ;;
    'month|--week-start') r='a' ;;
    'month|--search') r='a' ;;
    'month|--categories') r='a' ;;
    'month|--venue') r='a' ;;
    'month|--status') r='a' ;;
    'month|--timezone') r='a' ;;
    *'|--profile') r='p' ;;
    *'|--base-url') r='a' ;;
    *'|--namespace') r='a' ;;
    *'|--lang') r='w:fr it es' ;;
    *'|--format') r='w:table json ndjson csv yaml ids count ics' ;;
    *'|--jq') r='a' ;;
    *'|--fields') r='a' ;;
    *'|--timeout') r='a' ;;
    *'|--retries') r='a' ;;
    *'|--ca-cert') r='f' ;;
    *) r='' ;;
  esac
}

# what positional argument $2 (from 0) of path $1 takes
_calendar_arg() {
  case "$1|$2" in
    'events get|0') r='i:events' ;;
    'events update|0') r='i:events' ;;
    'events delete|0') r='i:events' ;;
    'events restore|0') r='i:events' ;;
    'events edit|0') r='i:events' ;;
    'events conflicts|0') r='a' ;;
    'events conflicts|1') r='a' ;;
    'venues get|0') r='i:venues' ;;
    'venues update|0') r='i:venues' ;;
    'venues delete|0') r='i:venues' ;;
    'venues restore|0') r='i:venues' ;;
    'venues edit|0') r='i:venues' ;;
    'organizers get|0') r='i:organizers' ;;
    'organizers update|0') r='i:organizers' ;;
    'organizers delete|0') r='i:organizers' ;;
    'organizers restore|0') r='i:organizers' ;;
    'organizers edit|0') r='i:organizers' ;;
    'categories get|0') r='i:categories' ;;
    'categories update|0') r='i:categories' ;;
    'categories delete|0') r='i:categories' ;;
    'categories edit|0') r='i:categories' ;;
    'tags get|0') r='i:tags' ;;
    'tags update|0') r='i:tags' ;;
    'tags delete|0') r='i:tags' ;;
    'tags edit|0') r='i:tags' ;;
    'profile add|0') r='a' ;;
    'profile show|0') r='p' ;;
    'profile use|0') r='p' ;;
    'profile remove|0') r='p' ;;
    'trust|0') r='f' ;;
    'api|0') r='w:GET POST PUT PATCH DELETE HEAD OPTIONS' ;;
    'api|1') r='w:/events /venues /organizers /categories /tags /doc /wp-json/' ;;
    'completion|0') r='w:bash zsh fish' ;;
    'import|0') r='w:events venues organizers categories tags' ;;
    'import|1') r='f' ;;
    'export|0') r='w:events venues organizers categories tags' ;;
    'diff|0') r='f' ;;
    'apply|0') r='f' ;;
    'agenda|0') r='a' ;;
    'agenda|1') r='a' ;;
    'week|0') r='a' ;;
    'month|0') r='a' ;;
    'help|0') r='w:events venues organizers categories tags doc info serve profile trust api completion import export diff apply agenda week month browse mcp' ;;
    *) r='' ;;
  esac
}

# Records and profile names come from the site: "calendar __complete", bounded by a short timeout.
_calendar_dynamic() {
  local v d
  "${COMP_WORDS[0]}" __complete "$@" ${profile:+--profile "$profile"} 2>/dev/null </dev/null |
    while IFS=$'\t' read -r v d; do printf '%s\n' "$v"; done
}

# Fills COMPREPLY from a marker (see _calendar_value); $2 is put before each reply.
_calendar_reply() {
  local kind=${1%%:*} words=${1#*:} head='' last=$cur
  case $kind in
    p) words=$(_calendar_dynamic profiles) ;;
    i | I) words=$(_calendar_dynamic ids "$words" "${cur##*,}") ;;
  esac
  case $kind in
    w | p | i) COMPREPLY=($(compgen -W "$words" -- "$cur")) ;;
    l | I)
      if [[ $cur == *,* ]]; then head=${cur%,*},; last=${cur##*,}; fi
      COMPREPLY=($(compgen -P "$head" -W "$words" -- "$last"))
      compopt -o nospace 2>/dev/null
      ;;
    f)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -f -- "$cur"))
      ;;
    *) COMPREPLY=() ;;
  esac
  if [[ -n $2 && ${#COMPREPLY[@]} -gt 0 ]]; then COMPREPLY=("${COMPREPLY[@]/#/$2}"); fi
}

_calendar() {
  local cur=${COMP_WORDS[COMP_CWORD]} cpath='' npos=0 pending='' profile='' prefix='' w i r=''
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    [[ $w == '=' ]] && continue
    if [[ -n $pending ]]; then
      [[ $pending == --profile ]] && profile=$w
      pending=''
      continue
    fi
    case $w in
      --) ;;
      -*)
        _calendar_value "$cpath" "$w"
        [[ -n $r ]] && pending=$w
        ;;
      *)
        r=''
        ((npos == 0)) && _calendar_child "$cpath" "$w"
        if [[ -n $r ]]; then cpath=$r; else npos=$((npos + 1)); fi
        ;;
    esac
  done
  [[ $cur == '=' ]] && cur=''
  if [[ -z $pending && $cur == --*=* ]]; then
    pending=${cur%%=*}
    prefix="$pending="
    cur=${cur#*=}
  fi
  if [[ -n $pending ]]; then
    _calendar_value "$cpath" "$pending"
    _calendar_reply "$r" "$prefix"
    return 0
  fi
  if [[ $cur == -* ]]; then
    _calendar_options "$cpath"
    COMPREPLY=($(compgen -W "$r" -- "$cur"))
    return 0
  fi
  if ((npos == 0)); then
    _calendar_subcommands "$cpath"
    if [[ -n $r ]]; then
      COMPREPLY=($(compgen -W "$r" -- "$cur"))
      return 0
    fi
  fi
  _calendar_arg "$cpath" "$npos"
  _calendar_reply "$r" ''
  return 0
}

complete -F _calendar calendar
