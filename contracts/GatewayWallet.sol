// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {SignatureChecker} from "./SignatureChecker.sol";

interface IERC20Minimal {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @title GatewayWallet
/// @notice Local stand-in for Circle's Gateway Wallet. Its deposit/balance/withdrawal functions and
/// events follow Circle's external ABI (as Circle's x402-batching client calls it), so Circle's client
/// deposits into it unchanged. Batch settlement (`settleBatch`) is ours: the operator submits the
/// EIP-3009-style authorizations that payers signed with Circle's BatchEvmScheme over the domain
/// {name "GatewayWalletBatched", version "1", chainId, verifyingContract: this}.
/// @dev Placed at 0x0077777d7EBA4688BDeF3E311b846F25870A19B9 with anvil_setCode: no constructor, no
/// immutables; `initialize` sets the state and the domain separator is computed per call.
contract GatewayWallet {
    string public constant NAME = "GatewayWalletBatched";
    string public constant VERSION = "1";

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    /// The exact type BatchEvmScheme signs (primaryType "TransferWithAuthorization"; the token is not part of it).
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH = keccak256(
        "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );

    /// One signed payment, plus the token it is drawn from (the signature does not cover the token,
    /// so only owner-approved tokens are accepted).
    struct Authorization {
        address token;
        address from;
        address to;
        uint256 value;
        uint256 validAfter;
        uint256 validBefore;
        bytes32 nonce;
        bytes signature;
    }

    /// Zero until `initialize`; doubles as the "initialized" flag.
    address public owner;
    address public operator;
    uint256 public withdrawalDelay;

    mapping(address token => bool) public isTokenSupported;
    mapping(address token => mapping(address depositor => uint256)) private _available;
    mapping(address token => mapping(address depositor => uint256)) private _withdrawing;
    mapping(address token => mapping(address depositor => uint256)) private _withdrawalBlock;
    mapping(address from => mapping(bytes32 nonce => bool)) private _used;

    // Circle's events.
    event Deposited(address indexed token, address indexed depositor, address indexed sender, uint256 value);
    event WithdrawalInitiated(
        address indexed token,
        address indexed depositor,
        uint256 value,
        uint256 remainingAvailable,
        uint256 totalWithdrawing,
        uint256 withdrawalBlock
    );
    event WithdrawalCompleted(address indexed token, address indexed depositor, uint256 value);
    event TokenSupported(address indexed token);
    // Ours.
    event AuthorizationSettled(address indexed from, address indexed to, bytes32 indexed nonce, uint256 value);
    event AuthorizationSkipped(address indexed from, bytes32 indexed nonce, string reason);
    event OperatorChanged(address indexed previousOperator, address indexed newOperator);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error AlreadyInitialized();
    error NotOwner();
    error NotOperator();
    error ZeroAddress();
    error UnsupportedToken(address token);
    error DepositValueMustBePositive();
    error WithdrawalValueMustBePositive();
    error WithdrawalValueExceedsAvailableBalance();
    error NoWithdrawingBalance();
    error WithdrawalNotYetAvailable(uint256 withdrawalBlock);
    error TokenTransferFailed();

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    modifier tokenSupported(address token) {
        if (!isTokenSupported[token]) revert UnsupportedToken(token);
        _;
    }

    /// @notice The caller becomes owner. Runs once; afterwards only the owner may call it again (so a
    /// deploy script can re-place newer code at the fixed address on a chain it already set up).
    function initialize(address operator_, uint256 withdrawalDelay_) external {
        if (owner != address(0) && msg.sender != owner) revert AlreadyInitialized();
        if (operator_ == address(0)) revert ZeroAddress();
        if (owner != msg.sender) emit OwnershipTransferred(owner, msg.sender);
        owner = msg.sender;
        emit OperatorChanged(operator, operator_);
        operator = operator_;
        withdrawalDelay = withdrawalDelay_;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        if (newOwner == address(0)) revert ZeroAddress();
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function setOperator(address newOperator) external onlyOwner {
        if (newOperator == address(0)) revert ZeroAddress();
        emit OperatorChanged(operator, newOperator);
        operator = newOperator;
    }

    function addSupportedToken(address token) external onlyOwner {
        if (token == address(0)) revert ZeroAddress();
        isTokenSupported[token] = true;
        emit TokenSupported(token);
    }

    // ---- EIP-712 / EIP-5267 ----

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256(bytes(NAME)), keccak256(bytes(VERSION)), block.chainid, address(this))
        );
    }

    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name_,
            string memory version_,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return (hex"0f", NAME, VERSION, block.chainid, address(this), bytes32(0), new uint256[](0));
    }

    /// @notice The EIP-712 digest a payer signs for `auth` (handy for off-chain checks).
    function hashAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce
    ) public view returns (bytes32) {
        bytes32 structHash =
            keccak256(abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce));
        return keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
    }

    // ---- Balances (Circle's view functions) ----

    function availableBalance(address token, address depositor) external view returns (uint256) {
        return _available[token][depositor];
    }

    function withdrawingBalance(address token, address depositor) external view returns (uint256) {
        return _withdrawing[token][depositor];
    }

    function totalBalance(address token, address depositor) external view returns (uint256) {
        return _available[token][depositor] + _withdrawing[token][depositor];
    }

    function withdrawableBalance(address token, address depositor) public view returns (uint256) {
        uint256 unlockBlock = _withdrawalBlock[token][depositor];
        if (unlockBlock == 0 || block.number < unlockBlock) return 0;
        return _withdrawing[token][depositor];
    }

    function withdrawalBlock(address token, address depositor) external view returns (uint256) {
        return _withdrawalBlock[token][depositor];
    }

    function authorizationUsed(address from, bytes32 nonce) external view returns (bool) {
        return _used[from][nonce];
    }

    // ---- Deposits ----
    // Circle's GatewayClient sends deposit() with a fixed 120000 gas limit: keep this path lean.

    function deposit(address token, uint256 value) external tokenSupported(token) {
        _deposit(token, msg.sender, msg.sender, value);
    }

    function depositFor(address token, address depositor, uint256 value) external tokenSupported(token) {
        if (depositor == address(0)) revert ZeroAddress();
        _deposit(token, depositor, msg.sender, value);
    }

    function _deposit(address token, address depositor, address sender, uint256 value) internal {
        if (value == 0) revert DepositValueMustBePositive();
        _available[token][depositor] += value;
        _safeTransferFrom(token, sender, address(this), value);
        emit Deposited(token, depositor, sender, value);
    }

    // ---- Withdrawals (the delayed, trustless path) ----

    /// @notice Moves `value` from available to withdrawing and (re)starts the delay. Settlement can still
    /// debit a withdrawing balance, so a payer cannot pull funds out from under a lock.
    function initiateWithdrawal(address token, uint256 value) external tokenSupported(token) {
        if (value == 0) revert WithdrawalValueMustBePositive();
        uint256 available = _available[token][msg.sender];
        if (value > available) revert WithdrawalValueExceedsAvailableBalance();
        uint256 remaining = available - value;
        uint256 totalWithdrawing = _withdrawing[token][msg.sender] + value;
        uint256 unlockBlock = block.number + withdrawalDelay;
        _available[token][msg.sender] = remaining;
        _withdrawing[token][msg.sender] = totalWithdrawing;
        _withdrawalBlock[token][msg.sender] = unlockBlock;
        emit WithdrawalInitiated(token, msg.sender, value, remaining, totalWithdrawing, unlockBlock);
    }

    function withdraw(address token) external tokenSupported(token) {
        uint256 amount = _withdrawing[token][msg.sender];
        uint256 unlockBlock = _withdrawalBlock[token][msg.sender];
        if (amount == 0) revert NoWithdrawingBalance();
        if (block.number < unlockBlock) revert WithdrawalNotYetAvailable(unlockBlock);
        _withdrawing[token][msg.sender] = 0;
        _withdrawalBlock[token][msg.sender] = 0;
        _safeTransfer(token, msg.sender, amount);
        emit WithdrawalCompleted(token, msg.sender, amount);
    }

    // ---- Batch settlement (ours) ----

    /// @notice Settles signed authorizations. Each item settles at most once ever, keyed on (from, nonce),
    /// so resubmitting a batch after a crash is safe. A bad item never reverts the batch: it is skipped
    /// with a reason and marks nothing.
    /// @return settled One flag per item (read it with eth_call to preview a batch).
    function settleBatch(Authorization[] calldata auths) external returns (bool[] memory settled) {
        if (msg.sender != operator) revert NotOperator();
        settled = new bool[](auths.length);
        for (uint256 i = 0; i < auths.length; i++) {
            settled[i] = _settleOne(auths[i]);
        }
    }

    function _settleOne(Authorization calldata a) internal returns (bool) {
        string memory reason = _check(a);
        if (bytes(reason).length != 0) {
            emit AuthorizationSkipped(a.from, a.nonce, reason);
            return false;
        }

        // Debit available first, then the withdrawing balance.
        uint256 available = _available[a.token][a.from];
        uint256 withdrawing = _withdrawing[a.token][a.from];
        uint256 fromAvailable = a.value <= available ? a.value : available;
        uint256 fromWithdrawing = a.value - fromAvailable;
        uint256 unlockBlock = _withdrawalBlock[a.token][a.from];
        _available[a.token][a.from] = available - fromAvailable;
        if (fromWithdrawing != 0) {
            _withdrawing[a.token][a.from] = withdrawing - fromWithdrawing;
            if (withdrawing == fromWithdrawing) _withdrawalBlock[a.token][a.from] = 0;
        }
        _used[a.from][a.nonce] = true;

        if (!_tryTransfer(a.token, a.to, a.value)) {
            // Undo this item only; the rest of the batch goes on.
            _available[a.token][a.from] = available;
            _withdrawing[a.token][a.from] = withdrawing;
            _withdrawalBlock[a.token][a.from] = unlockBlock;
            _used[a.from][a.nonce] = false;
            emit AuthorizationSkipped(a.from, a.nonce, "transfer-failed");
            return false;
        }
        emit AuthorizationSettled(a.from, a.to, a.nonce, a.value);
        return true;
    }

    /// @return reason Empty when the item may settle.
    function _check(Authorization calldata a) internal view returns (string memory reason) {
        if (_used[a.from][a.nonce]) return "nonce-used";
        if (!isTokenSupported[a.token]) return "unsupported-token";
        if (a.to == address(0)) return "zero-recipient";
        if (block.timestamp <= a.validAfter) return "not-yet-valid";
        if (block.timestamp >= a.validBefore) return "expired";
        bytes32 digest = hashAuthorization(a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce);
        if (!SignatureChecker.isValid(a.from, digest, a.signature)) return "bad-signature";
        if (_available[a.token][a.from] + _withdrawing[a.token][a.from] < a.value) return "insufficient-balance";
        return "";
    }

    // ---- Token calls ----

    function _tryTransfer(address token, address to, uint256 value) internal returns (bool) {
        // A call to an address without code "succeeds": never count that as a payment.
        if (token.code.length == 0) return false;
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IERC20Minimal.transfer, (to, value)));
        return ok && (ret.length == 0 || (ret.length >= 32 && abi.decode(ret, (bool))));
    }

    function _safeTransfer(address token, address to, uint256 value) internal {
        if (!_tryTransfer(token, to, value)) revert TokenTransferFailed();
    }

    function _safeTransferFrom(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IERC20Minimal.transferFrom, (from, to, value)));
        if (!ok || !(ret.length == 0 || (ret.length >= 32 && abi.decode(ret, (bool))))) revert TokenTransferFailed();
    }
}
