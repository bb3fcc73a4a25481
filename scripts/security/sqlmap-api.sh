#!/usr/bin/env bash
# sqlmap against the authenticated JSON API of a running server (docs/security-testing.md).
# Each run signs in afresh (access tokens live 15 minutes) through scripts/sign-in.mjs, sends the
# bearer token plus the XSRF cookie and header, and tests only the places marked with `*`.
# Usage: scripts/security/sqlmap-api.sh <base-url> <admin-email> <admin-password> [out-dir]
#   ONLY="contact offer-code" runs only the named runs; RUN_LIMIT (seconds, default 300) bounds each.
# Needs a server with demo data (SEED_DEMO) and a high RATE_LIMIT_SCALE, e.g. 1000.
set -uo pipefail
BASE=${1:?base url}
ADMIN_EMAIL=${2:?admin email}
ADMIN_PASSWORD=${3:?admin password}
OUT=${4:-/tmp/sqlmap-api}
RUN_LIMIT=${RUN_LIMIT:-300}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEMO_PASSWORD='Safqa@Demo2024'
mkdir -p "$OUT"

sign_in() { eval "$(node "$ROOT/scripts/sign-in.mjs" "$BASE" "$1" "$2")"; }

# run <name> <method> <path> [json-body]: one bounded sqlmap run with the current tokens.
run() {
  local name=$1 method=$2 url="$BASE$3" body=${4:-}
  [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]] && return
  local args=(-u "$url" --method="$method" --batch --level=3 --risk=2 --dbms=PostgreSQL
    --time-sec=2 --threads=2 --timeout=15 --retries=1 --flush-session --output-dir="$OUT/sessions"
    -H "Authorization: Bearer $ACCESS_TOKEN" -H "X-XSRF-TOKEN: $XSRF" --cookie="XSRF-TOKEN=$XSRF"
    --skip="XSRF-TOKEN,User-Agent,Referer,Host" -v 1 -t "$OUT/$name.traffic")
  [ -n "$body" ] && args+=(--data="$body" -H "Content-Type: application/json")
  args+=("${EXTRA[@]}")
  echo "== $name: $method $3 ${body:0:80}"
  timeout "$RUN_LIMIT" sqlmap "${args[@]}" >"$OUT/$name.log" 2>&1
  local rc=$?
  local requests statuses
  requests=$(grep -ac "^HTTP request \[#" "$OUT/$name.traffic" 2>/dev/null || echo 0)
  statuses=$(grep -aoE "^HTTP response \[#[0-9]+\] \([0-9]{3}" "$OUT/$name.traffic" 2>/dev/null | grep -oE "[0-9]{3}$" | sort | uniq -c | awk "{printf \"%s×%s \", \$2, \$1}")
  local verdict
  if grep -q 'is vulnerable\|sqlmap identified the following injection' "$OUT/$name.log"; then verdict=INJECTABLE
  elif [ $rc -eq 124 ]; then verdict="time limit ($RUN_LIMIT s)"
  else verdict='not injectable'; fi
  echo "   requests: $requests; statuses: $statuses; $verdict"
}

# json <expression of j>: evaluates the expression on the JSON read from stdin.
json() { node -e "let s='';process.stdin.on('data',(d)=>(s+=d)).on('end',()=>{const j=JSON.parse(s);console.log($1)})"; }

EXTRA=() # more sqlmap options for the next run (later ones win)
SUFFIX=$(date +%s) # makes names and addresses unique to this run

OPP=$(curl -s "$BASE/api/opportunities?pageSize=2" | json 'j.data[0]?.id ?? 0')
OPP2=$(curl -s "$BASE/api/opportunities?pageSize=2" | json 'j.data[1].id')

# An investor who is not the owner of $OPP: saved searches, valuation, chat, offers, profile.
sign_in khalid@demo.safqa.local "$DEMO_PASSWORD"
H=(-H "Authorization: Bearer $ACCESS_TOKEN" -H "X-XSRF-TOKEN: $XSRF" -b "XSRF-TOKEN=$XSRF" -H 'Content-Type: application/json')
# A user keeps at most 20 saved searches (409 LIMIT_REACHED before any insert): start from none.
for id in $(curl -s "${H[@]}" "$BASE/api/saved-searches" | json 'j.data.map((s) => s.id).join(" ")'); do
  curl -s "${H[@]:0:6}" -X DELETE "$BASE/api/saved-searches/$id" -o /dev/null # no JSON type: no body
done
CHAT=$(curl -s "${H[@]}" -X POST "$BASE/api/chat" -d "{\"opportunityId\":$OPP}" | json 'j.chat.id')
# An address of its own per run: one address gets 5 codes an hour, and a new code replaces the last.
OFFER_EMAIL="scan.$SUFFIX@demo.safqa.local"
curl -s "${H[@]}" -X POST "$BASE/api/opportunities/$OPP/offers/code" -d "{\"email\":\"$OFFER_EMAIL\"}" >/dev/null
CODE=$(curl -s "$BASE/api/dev/mail?to=$OFFER_EMAIL" | grep -oE ': [0-9]{4}"' | head -1 | grep -oE '[0-9]{4}')

run saved-search-create POST /api/saved-searches '{"name":"cafes*","query":{"q":"cafe*","type":"invest*","minAmount":1000},"frequency":"daily*"}'
SAVED=$(curl -s "${H[@]}" "$BASE/api/saved-searches" | json 'j.data[0]?.id ?? 0')
run saved-search-rename PUT "/api/saved-searches/$SAVED" '{"name":"renamed*","query":{"q":"roastery*"},"frequency":"off*"}'
run valuation-check POST /api/valuation/check '{"businessTypeId":1*,"offeredPercentage":10*,"requiredAmount":100000*,"ebitda":50000*,"yearlySales":400000*}'
run chat-open POST /api/chat "{\"opportunityId\":$OPP*}"
run chat-message POST "/api/chat/$CHAT/messages" '{"body":"Is the roastery still available?*"}'
run chat-messages-list GET "/api/chat/$CHAT/messages?before=*&limit=20*"
run offer-submit POST "/api/opportunities/$OPP/offers" "{\"name\":\"Khalid*\",\"phone\":\"0505519273*\",\"reasons\":{\"wantsOffer\":true},\"message\":\"I would like to invest in this.*\",\"amount\":250000,\"email\":\"$OFFER_EMAIL*\",\"code\":\"$CODE*\"}"
# After the submit: codes asked for here would replace the one the submit uses.
run offer-code POST "/api/opportunities/$OPP/offers/code" '{"email":"khalid@demo.safqa.local*"}'
run access-request POST "/api/opportunities/$OPP2/access-requests" '{"message":"I would like to see the documents, please.*","acceptTerms":true*}'
run profile-update PATCH /api/users/me '{"username":"khalid*","bio":"Advisor for twenty years*","language":"en*","phoneNumber":"0505519273*"}'
run notifications GET '/api/notifications?page=1*&pageSize=12*&unread=true*'
run my-offers GET '/api/users/me/offers?page=1*&pageSize=12*'
run my-access-requests GET '/api/users/me/access-requests?page=1*&pageSize=12*'
run notification-settings PUT /api/users/me/notification-settings '{"email":{"offers":true*,"chat":true*,"moderation":false*,"savedSearches":true,"accessRequests":true}}'
run contact POST /api/contact '{"name":"Scanner*","email":"scan@example.com*","message":"A message long enough to pass.*"}'
run error-log POST /api/error-logs '{"message":"TypeError: x is undefined*","stack":"at f (app.js:1:1)*","path":"/search*"}'
run analytics-event POST /api/analytics/events '{"name":"page_view*","path":"/search*","properties":{"q":"cafe*"}}'

# An owner: listing draft create and update, own listings.
sign_in sarah@demo.safqa.local "$DEMO_PASSWORD"
H=(-H "Authorization: Bearer $ACCESS_TOKEN" -H "X-XSRF-TOKEN: $XSRF" -b "XSRF-TOKEN=$XSRF" -H 'Content-Type: application/json')
LISTING='{"name":"Scan Bakery","nameAr":"مخبز الفحص","type":"invest","description":"A bakery listed to exercise the API with a scanner.","descriptionAr":"مخبز مدرج لاختبار الواجهة البرمجية بأداة فحص.","businessTypeId":1,"regionId":1,"cityId":1,"facilitySize":12,"facilityFoundationDay":"2015-03-01","ebitda":120000,"yearlySales":900000,"yearlyOperationalCost":700000,"expectedYearProfitPercentage":15,"offeredPercentage":20,"requiredAmount":500000,"negotiable":true,"waitForHighestOffer":false,"contactMemberName":"Sarah","contactPhone":"0551234567","contactEmail":"sarah@demo.safqa.local"}'
DRAFT=$(curl -s "${H[@]}" -X POST "$BASE/api/opportunities" -d "$LISTING" | json 'j.id')
echo "listing draft: $DRAFT"
mark() { sed -e 's/"Scan Bakery"/"Scan Bakery*"/' -e 's/"A bakery listed to exercise the API with a scanner."/"A bakery listed to exercise the API with a scanner.*"/' -e 's/"businessTypeId":1/"businessTypeId":1*/' -e 's/"cityId":1/"cityId":1*/' -e 's/"contactMemberName":"Sarah"/"contactMemberName":"Sarah*"/' -e 's/"requiredAmount":500000/"requiredAmount":500000*/'; }
run listing-create POST /api/opportunities "$(echo "$LISTING" | mark)"
run listing-update PUT "/api/opportunities/$DRAFT" "$(echo "$LISTING" | mark)"
run my-listings GET '/api/users/me/opportunities?page=1*&pageSize=12*&status=pending*&sort=newest*'
# The headers and cookies the server reads (language, visitor cookie of view counts, bot check).
EXTRA=(--cookie="XSRF-TOKEN=$XSRF; vid=AAAAAAAAAAAAAAAAAAAAAA*; lang=en*" --skip=XSRF-TOKEN
  -H "User-Agent: Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0*" -H "Accept-Language: en*")
run page-headers GET "/opportunities/$OPP"
run listing-headers GET "/api/opportunities/$OPP"
EXTRA=()
run listing-insights GET "/api/opportunities/$OPP/insights?days=30*"

# An admin: the lists with filters and a moderation reason.
sign_in "$ADMIN_EMAIL" "$ADMIN_PASSWORD"
run admin-users GET '/api/admin/users?page=1*&pageSize=12*&q=sarah*&role=owner*'
run admin-opportunities GET '/api/admin/opportunities?page=1*&pageSize=12*&status=pending*'
run admin-contact-messages GET '/api/admin/contact-messages?page=1*&pageSize=12*&q=scan*'
run admin-error-logs GET '/api/admin/error-logs?page=1*&pageSize=12*&days=7*&resolved=false*'
run admin-error-stats GET '/api/admin/error-logs/stats?days=7*'
run admin-faq-create POST /api/admin/faqs '{"questionAr":"سؤال؟*","answerAr":"جواب*","questionEn":"Question?*","answerEn":"Answer*","sortOrder":99*}'
# Lookup names are unique (both languages): a fresh pair per run, so at least the first insert passes.
run admin-city-create POST /api/admin/lookups/cities "{\"nameAR\":\"مدينة الفحص $SUFFIX*\",\"nameEN\":\"Scan City $SUFFIX*\",\"sortOrder\":99*,\"regionId\":1*}"
ERROR_LOG=$(curl -s -H "Authorization: Bearer $ACCESS_TOKEN" "$BASE/api/admin/error-logs?pageSize=1" | json 'j.data[0]?.id ?? 1')
run admin-error-resolve PATCH "/api/admin/error-logs/$ERROR_LOG" '{"resolved":true*}'
run admin-reject POST "/api/admin/opportunities/$DRAFT/reject" '{"reason":"Incomplete financial figures*"}'

# Deals and the data room ([security-2]): a listing of the seller (sarah) approved by the admin, a
# confidential document, the buyer's (khalid's) approved access request, two deals from accepted
# offers, each with an LOI, and a checklist item, built through the API by the OpenAPI fuzzer.
eval "$(node "$ROOT/scripts/security/fuzz-openapi.mjs" "$BASE" --setup-only \
  --admin="$ADMIN_EMAIL:$ADMIN_PASSWORD" --seller="sarah@demo.safqa.local:$DEMO_PASSWORD" \
  --buyer="khalid@demo.safqa.local:$DEMO_PASSWORD")"
echo "deal $FUZZ_DEAL (and $FUZZ_DEAL2), listing $FUZZ_LISTING, item $FUZZ_ITEM"
sign_in sarah@demo.safqa.local "$DEMO_PASSWORD"
run deals-list GET '/api/deals?page=1*&pageSize=12*&stage=loi*'
run deal-get GET "/api/deals/$FUZZ_DEAL*"
run deal-loi POST "/api/deals/$FUZZ_DEAL/loi" '{"price":240000*,"percentage":20*,"exclusivityDays":30*,"dueDiligenceDays":45*,"conditions":"Payment through a bank escrow account.*"}'
run deal-loi-pdf GET "/api/deals/$FUZZ_DEAL/loi/$FUZZ_VERSION.pdf?lang=en*"
run deal-checklist-add POST "/api/deals/$FUZZ_DEAL/checklist" '{"title":"Bank statements 2025*","side":"buyer*","dueDate":"2027-01-31*"}'
run deal-checklist-patch PATCH "/api/deals/$FUZZ_DEAL/checklist/$FUZZ_ITEM" "{\"status\":\"done*\",\"note\":\"Received and checked.*\",\"documentIds\":[$FUZZ_SELLER_UPLOAD*]}"
# The second deal: a party signs its LOI once (then 409 ALREADY_SIGNED), and a cancel ends it.
run deal-sign POST "/api/deals/$FUZZ_DEAL2/loi/$FUZZ_DEAL2_VERSION/sign" '{"fullName":"Sarah Alghamdi*","accept":true*}'
run deal-stage POST "/api/deals/$FUZZ_DEAL2/stage" '{"stage":"cancelled*","reason":"The buyer withdrew from the deal.*"}'
run dataroom-requests GET "/api/opportunities/$FUZZ_LISTING/access-requests?status=approved*&page=1*&pageSize=12*"
run dataroom-received GET '/api/users/me/listing-access-requests?page=1*&pageSize=12*'
run dataroom-downloads GET "/api/opportunities/$FUZZ_LISTING/document-downloads?page=1*&pageSize=12*"
run dataroom-confidential-add POST "/api/opportunities/$FUZZ_LISTING/confidential-documents" "{\"url\":\"$FUZZ_SELLER_UPLOAD_URL*\",\"name\":\"Management accounts 2025.pdf*\"}"
run dataroom-decide PATCH "/api/access-requests/$FUZZ_ACCESS_REQUEST" '{"status":"revoked*"}'
run dataroom-confidential-remove DELETE "/api/opportunities/$FUZZ_LISTING/confidential-documents/$FUZZ_DOCUMENT*"
sign_in "$ADMIN_EMAIL" "$ADMIN_PASSWORD"
run admin-deals GET '/api/admin/deals?page=1*&pageSize=12*&stage=loi*'
